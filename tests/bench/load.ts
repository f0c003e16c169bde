import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /** Requests answered in the run. */
  requests: number;
}

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** Paths sent in turn, one per request, instead of `url`'s own (distinct-query rows). */
  paths?: readonly string[];
}

/** Gives each request the next path, shared by all connections, so no path is sent twice before all have been. */
function nextPathOf(paths: readonly string[]) {
  let next = 0;
  return <R extends { path?: string }>(request: R): R => {
    const path = paths[next]!;
    next = (next + 1) % paths.length;
    return { ...request, path };
  };
}

/** One bounded autocannon run against a loopback URL. */
export async function measure(name: string, url: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
    throw new Error(`Benchmarks only target loopback addresses, not ${url}`);
  }
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    headers: options.headers,
    ...(options.paths && options.paths.length > 0 ? { requests: [{ setupRequest: nextPathOf(options.paths) }] } : {}),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
