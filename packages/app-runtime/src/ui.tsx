import {
  forwardRef,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** `@buildai/app-ui`: the small UI kit generated code builds pages with (styles in ui-css.ts). */

const cx = (...names: Array<string | false | undefined | null>) => names.filter(Boolean).join(' ');

type Size = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
  size?: Size;
}
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx('bai-btn', `bai-btn-${variant}`, `bai-btn-${size}`, className)}
      {...rest}
    />
  );
});

type DivProps = HTMLAttributes<HTMLDivElement>;
export const Card = ({ className, ...rest }: DivProps) => (
  <div className={cx('bai-card', className)} {...rest} />
);
export const CardHeader = ({ className, ...rest }: DivProps) => (
  <div className={cx('bai-card-header', className)} {...rest} />
);
export const CardTitle = ({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) => (
  <h3 className={cx('bai-card-title', className)} {...rest} />
);
export const CardDescription = ({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cx('bai-card-description', className)} {...rest} />
);
export const CardContent = ({ className, ...rest }: DivProps) => (
  <div className={cx('bai-card-content', className)} {...rest} />
);
export const CardFooter = ({ className, ...rest }: DivProps) => (
  <div className={cx('bai-card-footer', className)} {...rest} />
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={cx('bai-input', className)} {...rest} />;
});
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={cx('bai-input', className)} {...rest} />;
  },
);
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return <select ref={ref} className={cx('bai-input', className)} {...rest} />;
});
export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function Checkbox({ className, ...rest }, ref) {
    return <input ref={ref} type="checkbox" className={cx('bai-checkbox', className)} {...rest} />;
  },
);
export const Label = ({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) => (
  <label className={cx('bai-label', className)} {...rest} />
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'danger';
}
export const Badge = ({ variant = 'default', className, ...rest }: BadgeProps) => (
  <span className={cx('bai-badge', `bai-badge-${variant}`, className)} {...rest} />
);

const space = (gap: number | string | undefined) => (typeof gap === 'number' ? `${gap * 4}px` : gap);

export interface StackProps extends DivProps {
  direction?: 'row' | 'column';
  /** in steps of 4px (3 → 12px), or any CSS length */
  gap?: number | string;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}
export const Stack = ({
  direction = 'column',
  gap = 3,
  align,
  justify,
  wrap,
  className,
  style,
  ...rest
}: StackProps) => (
  <div
    className={cx('bai-stack', className)}
    style={{
      flexDirection: direction,
      gap: space(gap),
      alignItems: align,
      justifyContent: justify,
      flexWrap: wrap ? 'wrap' : undefined,
      ...style,
    }}
    {...rest}
  />
);

export interface GridProps extends DivProps {
  columns?: number;
  gap?: number | string;
}
export const Grid = ({ columns = 3, gap = 4, className, style, ...rest }: GridProps) => (
  <div
    className={cx('bai-grid', className)}
    style={{ ['--bai-cols' as string]: columns, gap: space(gap), ...style }}
    {...rest}
  />
);

export interface ContainerProps extends DivProps {
  size?: 'sm' | 'md' | 'lg' | 'full';
}
export const Container = ({ size = 'lg', className, ...rest }: ContainerProps) => (
  <div className={cx('bai-container', `bai-container-${size}`, className)} {...rest} />
);

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level?: 1 | 2 | 3 | 4;
}
export const Heading = ({ level = 2, className, ...rest }: HeadingProps) => {
  const Tag = `h${level}` as const;
  return <Tag className={cx('bai-h', `bai-h${level}`, className)} {...rest} />;
};

export interface TextProps extends HTMLAttributes<HTMLParagraphElement> {
  muted?: boolean;
  size?: Size;
}
export const Text = ({ muted, size = 'md', className, ...rest }: TextProps) => (
  <p
    className={cx('bai-text', muted && 'bai-text-muted', size !== 'md' && `bai-text-${size}`, className)}
    {...rest}
  />
);

export const Separator = ({ className, ...rest }: HTMLAttributes<HTMLHRElement>) => (
  <hr className={cx('bai-separator', className)} {...rest} />
);

export interface AlertProps extends DivProps {
  variant?: 'info' | 'success' | 'danger';
  icon?: ReactNode;
}
export const Alert = ({ variant = 'info', icon, className, children, ...rest }: AlertProps) => (
  <div role="alert" className={cx('bai-alert', `bai-alert-${variant}`, className)} {...rest}>
    {icon}
    <div>{children}</div>
  </div>
);

export const Spinner = ({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) => (
  <span role="status" aria-label="Loading" className={cx('bai-spinner', className)} {...rest} />
);
