import type { AppView } from '@buildai/domain';
import { liveLink } from '@/lib/public-origin';
import { FormRow } from '@/components/builder/form-row';
import { CopyField } from '@/components/builder/copy-field';

/** The app's public address, where Gumroad sends a buyer back (with `?sale_id=`): its own domain when it has one. */
export function appPublicAddress(app: AppView, customDomain: string): string {
  const domain = customDomain.trim();
  return domain ? `https://${domain}/` : liveLink(app.appId);
}

/** The address the builder pastes into the product's "Redirect after purchase" setting on Gumroad. */
export function RedirectUrl({ address }: { address: string }) {
  return (
    <FormRow
      id="gumroad-redirect-url"
      label="Redirect after purchase"
      hint={`In Gumroad, paste this address into the product's "Redirect after purchase" setting: buyers come back to your app to sign up.`}
    >
      <CopyField id="gumroad-redirect-url" value={address} label="redirect address" />
    </FormRow>
  );
}
