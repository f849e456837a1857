/**
 * The app settings the membership rule reads (of `AppSettings`); a raw `app_settings` object, defaults not applied,
 * fits too.
 */
export interface MembershipSettings {
  isPaidMembershipsEnabled?: boolean;
  paidMembershipsProduct?: { id?: string; name?: string } | null;
  paidMembershipsSettings?: { isSetupCompleted?: boolean } | null;
}

/**
 * Memberships are on when the builder turned them on and connected a product (connect sets `isSetupCompleted`):
 * a toggle without a product would refuse everyone with nothing to buy.
 */
export function membershipsOn(settings: MembershipSettings | null | undefined): boolean {
  return (
    settings?.isPaidMembershipsEnabled === true && settings.paidMembershipsSettings?.isSetupCompleted === true
  );
}

/** The connected product whose sales make members ('' when none is named: nobody is a member then). */
export function membershipProductId(settings: MembershipSettings | null | undefined): string {
  return settings?.paidMembershipsProduct?.id ?? '';
}
