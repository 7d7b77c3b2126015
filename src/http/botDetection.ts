// User-agent bot detection on the isbot pattern list. HTTP client libraries are API clients, not crawlers:
// their bare user agents ("curl/8.5.0", "node", "undici", "axios/1.7.2", "python-requests/2.32.3",
// "Go-http-client/1.1") pass, although isbot's generic patterns flag them.
import { isbot } from 'isbot';

const API_CLIENT = /^(curl|node|undici|axios|python-requests|go-http-client)(\/[\w.+-]+)?$/i;

/**
 * Whether a request's user agent is a crawler, spider or scraper; a missing user agent is not a bot.
 * @example isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)') // true
 */
export function isBotUserAgent(userAgent: string): boolean {
  if (userAgent === '' || API_CLIENT.test(userAgent)) return false;
  return isbot(userAgent);
}
