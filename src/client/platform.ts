// The platform identifiers and quote modes the client accepts: spec 2.3 plus the two client-only platforms of 4.2.

/**
 * Every platform `getQuote` accepts: the ten identifiers the service knows (spec 2.3) and the two the client adds,
 * `router_partner` (the routing partner at `piteasUrl`) and `router_own` (our aggregator: `mixed` on /quotes/advanced).
 * @example await client.getQuote(request, Platform.DEXA_V2)
 */
export const Platform = {
  DEXA_V1: 'dexa_v1',
  DEXA_V2: 'dexa_v2',
  DEXA_STABLE: 'dexa_stable',
  DEXB_V2: 'dexb_v2',
  DEXB_V3: 'dexb_v3',
  DEXC_V2: 'dexc_v2',
  DEXC_V3: 'dexc_v3',
  DEXD_V2: 'dexd_v2',
  DEXE_V3: 'dexe_v3',
  MIXED: 'mixed',
  ROUTER_PARTNER: 'router_partner',
  ROUTER_OWN: 'router_own',
} as const;

/**
 * One platform identifier, as sent on the wire.
 * @example const platform: Platform = 'mixed';
 */
export type Platform = (typeof Platform)[keyof typeof Platform];

/**
 * A platform the service's endpoints accept (spec 2.3): every platform but the two client-only ones.
 * @example const platform: ServicePlatform = Platform.DEXB_V3;
 */
export type ServicePlatform = Exclude<Platform, 'router_partner' | 'router_own'>;

/**
 * How deep the service searches: `FAST` asks POST {quoteUrl}/quotes, `OPTIMAL` asks POST {quoteUrl}/quotes/advanced.
 * @example await client.getQuote({ ...request, mode: QuoteMode.OPTIMAL }, Platform.MIXED)
 */
export const QuoteMode = {
  FAST: 'fast',
  OPTIMAL: 'optimal',
} as const;

/**
 * One quote mode, by its wire value (`'fast'` or `'optimal'`).
 * @example const mode: QuoteMode = QuoteMode.FAST; // 'fast'
 */
export type QuoteMode = (typeof QuoteMode)[keyof typeof QuoteMode];

const PLATFORMS: readonly string[] = Object.values(Platform);
const MODES: readonly string[] = Object.values(QuoteMode);

/**
 * Whether a value is one of the twelve platform identifiers (case-sensitive, as the service is).
 * @example isPlatform('mixed') // true; isPlatform('MIXED') // false
 */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && PLATFORMS.includes(value);
}

/**
 * Whether a value is a quote mode's wire value.
 * @example isQuoteMode('optimal') // true; isQuoteMode('OPTIMAL') // false
 */
export function isQuoteMode(value: unknown): value is QuoteMode {
  return typeof value === 'string' && MODES.includes(value);
}
