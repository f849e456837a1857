import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { builderMessages, toastMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';

/** 'App analytics' once the app is published; before that 'Publish to access analytics', which only explains. */
export function AnalyticsButton({ appId, isPublished }: { appId: string; isPublished: boolean }) {
  if (isPublished)
    return (
      <Button variant="outline" size="sm" asChild>
        <Link to={`/analytics/app/${encodeURIComponent(appId)}`}>
          <BarChart3 />
          {builderMessages.appAnalytics}
        </Link>
      </Button>
    );
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-disabled="true"
          className="cursor-not-allowed opacity-60 hover:bg-background"
          onClick={() => toast({ title: toastMessages.publishForAnalytics })}
        >
          <BarChart3 />
          {builderMessages.publishForAnalytics}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{toastMessages.publishForAnalytics}</TooltipContent>
    </Tooltip>
  );
}
