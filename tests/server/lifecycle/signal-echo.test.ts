import { signalEcho, SIGNAL_ECHO_MS } from "../../../server/lifecycle/signal-echo";

describe("signalEcho: a stop signal delivered twice is one stop", () => {
  const clock = () => {
    let at = 1_000;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  };

  it("takes the same signal again within SIGNAL_ECHO_MS as an echo, and a later one as a second signal", () => {
    const time = clock();
    const echo = signalEcho(time.now);
    echo.first("SIGTERM");
    time.advance(SIGNAL_ECHO_MS - 1);
    expect(echo.isEcho("SIGTERM")).toBe(true);
    time.advance(1);
    expect(echo.isEcho("SIGTERM")).toBe(false);
  });

  it("takes another signal as a second signal even at once (SIGTERM, then Ctrl-C)", () => {
    const echo = signalEcho(clock().now);
    echo.first("SIGTERM");
    expect(echo.isEcho("SIGINT")).toBe(false);
  });

  it("after a stop asked for without a signal (the cluster's primary), takes any signal at once as the same stop", () => {
    const time = clock();
    const echo = signalEcho(time.now);
    echo.first(undefined);
    expect(echo.isEcho("SIGTERM")).toBe(true);
    expect(echo.isEcho("SIGINT")).toBe(true);
    time.advance(SIGNAL_ECHO_MS);
    expect(echo.isEcho("SIGTERM")).toBe(false);
  });

  it("keeps the first start: a later one does not reopen the window", () => {
    const time = clock();
    const echo = signalEcho(time.now);
    echo.first("SIGTERM");
    time.advance(SIGNAL_ECHO_MS);
    echo.first("SIGTERM");
    expect(echo.isEcho("SIGTERM")).toBe(false);
  });

  it("is no echo before any stop", () => {
    expect(signalEcho().isEcho("SIGTERM")).toBe(false);
  });
});
