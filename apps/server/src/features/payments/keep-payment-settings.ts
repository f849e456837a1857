import type { AppSettings } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { SettingsKeeper } from '../apps';
import { storeAccessToken } from './connections';
import type { PaymentServices } from './services';

/**
 * The paid-memberships part of a settings save (spec 001 §3, §7): a `gumroadAccessToken` sent is stored sealed in
 * payment_connections and never kept in (or answered with) the settings; `hasPaymentProviderAccessToken` says
 * whether one is stored. The connected product and the setup state are the connect call's to set: a save keeps
 * them as stored. An empty token changes nothing (the panel sends the field whether or not it was typed).
 */
export function paymentSettingsKeeper(services: PaymentServices): SettingsKeeper {
  return {
    async keep({ platform, appId, stored, settings }) {
      const { gumroadAccessToken, ...rest } = settings;
      const kept: AppSettings = {
        ...rest,
        paidMembershipsProduct: stored.paidMembershipsProduct,
        paidMembershipsSettings: stored.paidMembershipsSettings,
      };
      if (!gumroadAccessToken) return kept;
      await storeAccessToken({
        platform: platform as Platform,
        services,
        appId,
        accessToken: gumroadAccessToken,
      });
      return {
        ...kept,
        paidMembershipsSettings: { ...stored.paidMembershipsSettings, hasPaymentProviderAccessToken: true },
      };
    },
  };
}
