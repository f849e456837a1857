import { useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { StatusPage } from './status-page';

/** /error/unauthorized: account creation was refused (spec 000 §2), with the optional paymentId. */
export function UnauthorizedPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  return (
    <StatusPage
      icon={<ShieldAlert />}
      title="We couldn't create your account"
      backTo="/login"
      backLabel="Back to sign in"
      standalone
    >
      <p>
        Your sign-in worked, but your account could not be set up. Try again later, or contact us and we'll
        sort it out.
      </p>
      {paymentId && (
        <p>
          If you paid, mention your payment id:{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
            {paymentId}
          </code>
        </p>
      )}
    </StatusPage>
  );
}
