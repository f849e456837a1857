import * as React from 'react';
import { vi } from 'vitest';
import { aiAppSchema, type AiApp, type AiAppInput, type CustomField } from '@buildai/domain';
import type { BuilderAccount } from '@/lib/builder-types';
import { makeApp, makeBuilder, makeTool, renderBuilder } from '@/test/builder-test-kit';
import { CustomFieldsPanel } from './custom-fields-panel';

/** The fields panel's tests: a stored field, and the panel on a draft that follows what it sends. */
export const field = (name: string, label: string, over: Partial<CustomField> = {}): CustomField => ({
  name,
  label,
  type: 'text',
  required: false,
  personal: false,
  memorize: false,
  ...over,
});

export function setupFieldsPanel(draftInput: AiAppInput = {}, account: BuilderAccount = makeBuilder()) {
  const initial = aiAppSchema.parse({ gptPrompt: 'Write about {{topic}}', ...draftInput });
  const onChange = vi.fn<(patch: Partial<AiApp>) => void>();
  function Harness() {
    const [draft, setDraft] = React.useState(initial);
    return (
      <CustomFieldsPanel
        app={makeApp()}
        tool={makeTool()}
        draft={draft}
        account={account}
        onChange={(patch) => {
          onChange(patch);
          setDraft((d) => ({ ...d, ...patch }));
        }}
      />
    );
  }
  renderBuilder(<Harness />);
  const last = () => onChange.mock.calls.at(-1)![0];
  return { onChange, last };
}
