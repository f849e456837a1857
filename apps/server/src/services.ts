import type { PlanCard } from '@buildai/domain';
import { AppChangeBus, createDomainDirectory, type DomainDirectory } from './features/apps';
import type { ParseLimits } from './features/context';
import {
  createIdentityServices,
  type IdentityServices,
  type LoginThrottleOptions,
} from './features/identity';
import {
  createIntegrationServices,
  type IntegrationServices,
  type ScraperOverrides,
} from './features/integrations';
import type { McpAssistant } from './features/mcp';
import { createPaymentServices, type PaymentServices } from './features/payments';
import { loadPlans } from './features/plans';
import { RunAdmissions } from './features/runtime';
import { AppBundler } from './features/space-runtime';
import { RecordValidator } from './features/entities';
import { FunctionSandbox, type SandboxLimits } from './features/functions';
import type { Platform } from './platform';

/**
 * What a test may adjust where it creates the server (decision 0005, "Services instead of module state"). The
 * product itself passes none.
 */
export interface ServiceOptions {
  /** the web scraper's resolver and caps; read on each crawl, so a test may change them between cases */
  scraper?: ScraperOverrides;
  /** the parsers' limits (time, heap, DOCX sizes); read on each document */
  parseLimits?: ParseLimits;
  /** the lockout steps of failed sign-ins (short ones let a test see a second lockout without waiting long) */
  loginThrottle?: LoginThrottleOptions;
  /** the app's chat assistant as an MCP tool (the assistant feature's, wired where the server is composed) */
  mcpAssistant?: McpAssistant;
  /** the server functions' bounds (tests shorten them) */
  functionLimits?: Partial<SandboxLimits>;
}

/** The state the features keep for one server, built in one place: here, once per `createApp`. */
export interface Services {
  /** the builder plans (bundled or PLANS_FILE), read at start: a file that does not parse stops the start */
  plans: PlanCard[];
  identity: IdentityServices;
  parseLimits: ParseLimits;
  integrations: IntegrationServices;
  /** app changes, heard by this instance at once and by the others through the events adapter */
  appChanges: AppChangeBus;
  /** which app a request's host is the custom domain of (README "Custom domains") */
  domains: DomainDirectory;
  /** the batches in which runs are counted against the limits and stored */
  runAdmissions: RunAdmissions;
  /** space apps' builds (cached by content) and the shared runtime script (decision 0007) */
  appBundler: AppBundler;
  /** the app database's record checks, each entity schema compiled once (the most recent kept) */
  recordValidator: RecordValidator;
  /** sellers' Gumroad tokens (sealed), the plans bought through Gumroad, the operator's products (kept briefly) */
  payments: PaymentServices;
  /** the chat assistant offered as one more MCP tool while it is active; none: MCP offers the tools only */
  mcpAssistant?: McpAssistant;
  /** the isolates space apps' server functions run in (decision 0014) */
  functionSandbox: FunctionSandbox;
}

export function createServices(platform: Platform, options: ServiceOptions = {}): Services {
  const identity = createIdentityServices(platform, { loginThrottle: options.loginThrottle });
  const plans = loadPlans(platform.config);
  const appChanges = new AppChangeBus(platform);
  return {
    plans,
    identity,
    parseLimits: options.parseLimits ?? {},
    integrations: createIntegrationServices(platform, identity, { scraper: options.scraper }),
    appChanges,
    domains: createDomainDirectory(platform, appChanges),
    runAdmissions: new RunAdmissions(platform.database),
    appBundler: new AppBundler(),
    recordValidator: new RecordValidator(),
    payments: createPaymentServices(platform, identity.signingKey, plans),
    mcpAssistant: options.mcpAssistant,
    functionSandbox: new FunctionSandbox(options.functionLimits),
  };
}
