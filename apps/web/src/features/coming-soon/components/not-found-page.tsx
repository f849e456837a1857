import { Compass } from 'lucide-react';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  return (
    <StatusPage
      icon={<Compass />}
      eyebrow="404"
      title="We couldn't find that page"
      backTo="/"
      backLabel="Go home"
      standalone
    >
      <p>The link may be broken, or the page may have moved. Check the address, or head back to your apps.</p>
    </StatusPage>
  );
}
