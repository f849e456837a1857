import { z } from 'zod';
import { styleNames } from '../builder';
import { chatAction } from './chat-action';
import { TOOL_FIELDS, appContent } from './tool-action';

export const editApp = chatAction({
  type: 'edit_app',
  target: 'tool',
  description:
    "Changes the app's details and branding: its header (the app's name), subheader, and branding colours. Only the keys given change.",
  input: z.object({
    header: z.string().optional().describe("the app's name, shown at the top of its home"),
    subheader: z.string().optional().describe('one sentence under it'),
    branding: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        `{styleName?: ${styleNames.join(' | ')}, backgroundColor?, headerTextColor?, subheaderTextColor?, buttonTextColor?, buttonBackgroundColor?} (colours #rrggbb)`,
      ),
  }),
  prompt: "the app's header (its name), subheader and branding; only the keys given change",
  versioned: true,
  kept: TOOL_FIELDS,
  title: () => 'Edit app details',
  fromInput: appContent,
});
