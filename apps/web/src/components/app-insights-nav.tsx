import { NavLink } from 'react-router';
import { BarChart3, ScrollText, Users } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The tabs between an app's Analytics, Logs and Users pages (decision 0018). */
export function AppInsightsNav({ appId, className }: { appId: string; className?: string }) {
  const id = encodeURIComponent(appId);
  const tabs = [
    { to: `/analytics/app/${id}`, label: 'Analytics', icon: BarChart3 },
    { to: `/logs/app/${id}`, label: 'Logs', icon: ScrollText },
    { to: `/users/app/${id}`, label: 'Users', icon: Users },
  ];
  return (
    <nav aria-label="App insights" className={cn('flex gap-1 overflow-x-auto border-b', className)}>
      {tabs.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
