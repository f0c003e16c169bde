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
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
