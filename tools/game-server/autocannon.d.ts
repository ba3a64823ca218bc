/** The little of autocannon 9 (no types of its own) that the server bench uses. */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
  }
  function autocannon(o: Options, done: (error: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
