import type { AiApp } from '@buildai/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface Props {
  draft: AiApp;
  update: (patch: Partial<AiApp>) => void;
}

export function TextsCard({ draft, update }: Props) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle>Tool texts</CardTitle>
        <CardDescription>What visitors see at the top of your tool's page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor="tool-header">Header</Label>
          <Input
            id="tool-header"
            placeholder="e.g. Instagram caption writer"
            maxLength={200}
            value={draft.header}
            onChange={(e) => update({ header: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="tool-description">Description</Label>
          <Textarea
            id="tool-description"
            placeholder="Tell visitors what the tool does and what they'll get."
            maxLength={2000}
            className="min-h-20"
            value={draft.description}
            onChange={(e) => update({ description: e.target.value })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
