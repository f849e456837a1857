import * as React from 'react';
import { OTPInput, OTPInputContext } from 'input-otp';
import { Minus } from 'lucide-react';
import { cn } from '@/lib/utils';

function InputOTP({
  className,
  containerClassName,
  ...props
}: React.ComponentProps<typeof OTPInput> & { containerClassName?: string }) {
  return (
    <OTPInput
      data-slot="input-otp"
      containerClassName={cn('flex items-center gap-2 has-[:disabled]:opacity-50', containerClassName)}
      className={cn('disabled:cursor-not-allowed', className)}
      {...props}
    />
  );
}

function InputOTPGroup({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="input-otp-group" className={cn('flex items-center', className)} {...props} />;
}

function InputOTPSlot({
  index,
  className,
  ...props
}: React.ComponentProps<'div'> & {
  /** Which character of the code this box shows, from 0. */
  index: number;
}) {
  const slot = React.useContext(OTPInputContext)?.slots[index];
  return (
    <div
      data-slot="input-otp-slot"
      data-active={slot?.isActive ?? false}
      className={cn(
        'relative flex size-9 items-center justify-center border-y border-r border-input text-sm shadow-xs outline-none',
        'transition-all first:rounded-l-md first:border-l last:rounded-r-md dark:bg-input/30',
        'aria-invalid:border-destructive data-[active=true]:z-10 data-[active=true]:border-ring',
        'data-[active=true]:ring-[3px] data-[active=true]:ring-ring/50',
        'data-[active=true]:aria-invalid:border-destructive data-[active=true]:aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    >
      {slot?.char ?? slot?.placeholderChar}
      {slot?.hasFakeCaret && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="h-4 w-px animate-caret-blink bg-foreground duration-1000" />
        </div>
      )}
    </div>
  );
}

function InputOTPSeparator(props: React.ComponentProps<'div'>) {
  return (
    <div data-slot="input-otp-separator" role="separator" {...props}>
      <Minus />
    </div>
  );
}

export { InputOTP, InputOTPGroup, InputOTPSlot, InputOTPSeparator };
