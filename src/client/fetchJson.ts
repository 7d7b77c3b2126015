// One HTTP exchange under a deadline: the whole exchange (headers and body) is aborted when the time is up.

/**
 * The parsed JSON body of a 2xx answer, or undefined for a network error, a timeout, a non-2xx status or a body that
 * is not JSON. Never rejects. The deadline holds even if the given fetch ignores the abort signal.
 * @example const body = await fetchJson(fetch, 'https://quotes.example/api/v2/quotes', { method: 'POST', body }, 10_000);
 */
export async function fetchJson(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ json: unknown } | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, timeoutMs);
  });
  const exchange = (async () => {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    if (!response.ok) {
      // Release the connection without reading an error body nobody uses.
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    return { json: JSON.parse(await response.text()) as unknown };
  })().catch(() => undefined);
  try {
    return await Promise.race([exchange, expired]);
  } finally {
    clearTimeout(timer);
  }
}
