import { Link } from 'react-router';
import { ScrollText, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The app's Logs and Users pages (decision 0018), beside its analytics. */
export function InsightLinks({ appId }: { appId: string }) {
  const id = encodeURIComponent(appId);
  return (
    <>
      <Button variant="outline" size="sm" asChild>
        <Link to={`/logs/app/${id}`}>
          <ScrollText />
          Logs
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <Link to={`/users/app/${id}`}>
          <Users />
          Users
        </Link>
      </Button>
    </>
  );
}
