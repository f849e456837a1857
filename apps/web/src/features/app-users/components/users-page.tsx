import * as React from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, BadgeCheck, Loader2, Search, UserX, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AppUserEntry } from '@buildai/domain';
import { AppInsightsNav } from '@/components/app-insights-nav';
import { PageError } from '@/components/page-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAppUsers, usePatchAppUser } from '../api/users-api';

function Membership({ m }: { m: AppUserEntry['membership'] }) {
  if (!m) return <span className="text-sm text-muted-foreground">No membership</span>;
  const variant = m.state === 'alive' ? 'success' : m.state === 'cancelled' ? 'warning' : 'muted';
  const label =
    m.state === 'alive'
      ? 'Member'
      : m.state === 'cancelled'
        ? 'Cancelled'
        : m.state === 'refunded'
          ? 'Refunded'
          : 'Ended';
  return (
    <div className="grid gap-0.5">
      <Badge variant={variant}>{label}</Badge>
      <span className="truncate text-xs text-muted-foreground" title={m.saleId ?? undefined}>
        {m.state === 'cancelled' && m.paidUntil
          ? `Paid until ${formatDay(m.paidUntil, true)}`
          : m.renewedAt
            ? `Renewed ${formatDay(m.renewedAt, true)}`
            : m.saleId}
      </span>
    </div>
  );
}

function UserActions({ appId, user }: { appId: string; user: AppUserEntry }) {
  const patch = usePatchAppUser(appId);
  const pending = patch.isPending ? patch.variables : undefined;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <NativeSelect
          value={pending?.body.role ?? user.role}
          onChange={(e) =>
            patch.mutate({ userId: user.id, body: { role: e.target.value as AppUserEntry['role'] } })
          }
          aria-label={`Role of ${user.email}`}
          disabled={patch.isPending}
          className="w-28"
        >
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </NativeSelect>
        <Button
          variant="outline"
          size="sm"
          className={cn(!user.disabled && 'text-destructive')}
          disabled={patch.isPending}
          onClick={() => patch.mutate({ userId: user.id, body: { disabled: !user.disabled } })}
        >
          {patch.isPending && <Loader2 className="animate-spin" />}
          {user.disabled ? 'Enable' : 'Disable'}
        </Button>
      </div>
      {patch.isError && (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(patch.error)}
        </p>
      )}
    </div>
  );
}

function UserStatus({ user }: { user: AppUserEntry }) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1.5">
      {user.verified ? (
        <Badge variant="outline" className="text-emerald-700">
          <BadgeCheck aria-hidden />
          Verified
        </Badge>
      ) : (
        <Badge variant="muted">Unverified</Badge>
      )}
      {user.disabled && (
        <Badge variant="destructive">
          <UserX aria-hidden />
          Disabled
        </Badge>
      )}
    </div>
  );
}

/** /users/app/{appId}: the app's signed-up users with their role, verification and membership. */
export function UsersPage() {
  const { appId = '' } = useParams();
  const [typed, setTyped] = React.useState('');
  const [q, setQ] = React.useState('');
  React.useEffect(() => {
    const timer = setTimeout(() => setQ(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const app = useQuery({ ...appQuery(appId), select: (a) => a.header });
  const users = useAppUsers(appId, q);
  const list = users.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
        <Link to={`/build/app/${encodeURIComponent(appId)}`}>
          <ArrowLeft />
          Back to builder
        </Link>
      </Button>
      <div className="mt-3">
        {app.data !== undefined ? (
          <h1 className="truncate text-2xl font-semibold tracking-tight">
            {app.data.trim() || 'Untitled app'}
          </h1>
        ) : app.isPending ? (
          <Skeleton className="h-8 w-56" />
        ) : (
          <h1 className="text-2xl font-semibold tracking-tight">App users</h1>
        )}
      </div>
      <AppInsightsNav appId={appId} className="mt-4" />
      <section aria-labelledby="users-title" className="mt-6 grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="users-title" className="text-lg font-semibold">
              Users
            </h2>
            <p className="text-sm text-muted-foreground">
              People who signed up to your app. Admins see and change what your entities' rules give admins.
            </p>
          </div>
          <div className="relative sm:w-72">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Search by email"
              aria-label="Search users"
              className="pl-9"
              maxLength={200}
            />
          </div>
        </div>
        <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
          {users.isPending ? (
            <div className="grid gap-3 p-4" role="status" aria-label="Loading users">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : users.isError ? (
            <PageError
              title="Users couldn't be loaded"
              message={errorMessage(users.error)}
              onRetry={() => void users.refetch()}
              className="min-h-[40svh]"
            />
          ) : list.length === 0 ? (
            <div className="flex min-h-[40svh] flex-col items-center justify-center gap-2 p-8 text-center">
              <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <Users className="size-6" aria-hidden />
              </div>
              <h3 className="font-semibold">{q ? 'No users match' : 'No users yet'}</h3>
              <p className="max-w-sm text-sm text-muted-foreground">
                {q
                  ? 'Try another part of their email.'
                  : 'Turn on sign-up in your app settings; the people who sign up show here.'}
              </p>
            </div>
          ) : (
            <>
              <table className="hidden w-full text-sm md:table" aria-label="Users">
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-4 py-2.5 font-medium">Email</th>
                    <th className="px-3 py-2.5 font-medium">Signed up</th>
                    <th className="px-3 py-2.5 font-medium">Status</th>
                    <th className="px-3 py-2.5 font-medium">Membership</th>
                    <th className="px-4 py-2.5 font-medium">Role and access</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((u) => (
                    <tr key={u.id} className="border-b align-middle last:border-0" data-testid="user-row">
                      <td className="max-w-64 truncate px-4 py-3 font-medium">{u.email}</td>
                      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                        {formatDay(u.createdAt, true)}
                      </td>
                      <td className="px-3 py-3">
                        <UserStatus user={u} />
                      </td>
                      <td className="px-3 py-3">
                        <Membership m={u.membership} />
                      </td>
                      <td className="px-4 py-3">
                        <UserActions appId={appId} user={u} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ul className="divide-y md:hidden" aria-label="Users">
                {list.map((u) => (
                  <li key={u.id} className="grid grid-cols-1 gap-2 px-4 py-3" data-testid="user-row">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{u.email}</p>
                        <p className="text-xs text-muted-foreground">
                          Signed up {formatDay(u.createdAt, true)}
                        </p>
                      </div>
                      <UserStatus user={u} />
                    </div>
                    <Membership m={u.membership} />
                    <UserActions appId={appId} user={u} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {users.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => void users.fetchNextPage()}
            disabled={users.isFetchingNextPage}
          >
            {users.isFetchingNextPage && <Loader2 className="animate-spin" />}
            Load more
          </Button>
        )}
      </section>
    </div>
  );
}
