import { Link } from 'react-router';
import { ChevronDown, CreditCard, LogOut, Settings, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { useUpgradePlanDialog } from '@/features/plans/hooks/upgrade-plan-dialog';

export function UserMenu() {
  const { account } = useAuth();
  const email = account?.email ?? '';
  const upgradePlan = useUpgradePlanDialog();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-9 max-w-[60vw] gap-2 px-2">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-xs font-semibold text-white uppercase">
            {email.charAt(0) || '?'}
          </span>
          <span className="hidden truncate text-sm font-normal sm:inline">{email}</span>
          <ChevronDown className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="text-xs font-normal text-muted-foreground">Signed in as</span>
          <span className="truncate">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => upgradePlan.open('default')}>
          <Sparkles />
          Upgrade
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => upgradePlan.open('showPlan')}>
          <CreditCard />
          Your plan
          {account?.plan && (
            <span className="ml-auto text-xs text-muted-foreground capitalize">{account.plan}</span>
          )}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/logout">
            <LogOut />
            Sign out
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
