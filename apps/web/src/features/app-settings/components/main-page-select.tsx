import type { MainPageOption } from '@/lib/main-pages';
import { effectiveMainPage } from '@/lib/main-pages';
import { NativeSelect } from '@/components/ui/native-select';
import { FormRow } from '@/components/builder/form-row';

interface Props {
  options: readonly MainPageOption[];
  /** the `mainPage` setting; empty means the default page */
  value: string;
  onChange: (mainPage: string) => void;
  disabled?: boolean;
}

/** The main-page selector of a space app's settings (spec 001 §2, §5): the page `/app/{appId}` opens on. */
export function MainPageSelect({ options, value, onChange, disabled }: Props) {
  const current = effectiveMainPage(value);
  const listed = options.some((o) => o.name === current);
  return (
    <FormRow
      id="settings-main-page"
      label="Main page"
      hint={
        options.length === 0
          ? 'Your app has no pages yet. Ask the chat for one.'
          : 'The page visitors see first at your app’s address.'
      }
    >
      <NativeSelect
        id="settings-main-page"
        value={listed ? current : ''}
        disabled={disabled || options.length === 0}
        onChange={(e) => onChange(e.target.value)}
      >
        {!listed && <option value="">{current}</option>}
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {o.missing ? `${o.name} (no longer in the app)` : o.name}
          </option>
        ))}
      </NativeSelect>
    </FormRow>
  );
}
