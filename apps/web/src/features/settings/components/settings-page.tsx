import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, CircleAlert, LogOut } from 'lucide-react';
import type { Account } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';

function planName(plan: string): string {
  return plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'Lite';
}

/** /settings: the signed-in builder's email, password and plan, and signing out. */
export function SettingsPage({ account }: { account: Account }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <p className="mt-1 text-sm text-muted-foreground">Your sign-in details and your plan.</p>

      <div className="mt-8 grid gap-6">
        <Card role="region" aria-labelledby="account-card-title">
          <CardHeader>
            <CardTitle id="account-card-title">Account</CardTitle>
            <CardDescription>Signed in as</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 font-medium break-words">{account.email}</span>
              {account.emailVerified ? (
                <Badge variant="success">
                  <BadgeCheck />
                  Verified
                </Badge>
              ) : (
                <Badge variant="warning">
                  <CircleAlert />
                  Not verified
                </Badge>
              )}
            </div>
            <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm">
                You're on the <span className="font-semibold">{planName(account.plan)}</span> plan.
              </p>
              <Button variant="outline" size="sm" asChild className="self-start sm:self-auto">
                <Link to="/joinPlan">
                  See plans
                  <ArrowRight />
                </Link>
              </Button>
            </div>
            <div>
              <Button variant="outline" asChild>
                <Link to="/logout">
                  <LogOut />
                  Sign out
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
        <EmailCard currentEmail={account.email} />
        <PasswordCard />
      </div>
    </div>
  );
}
