import { describe, expect, it } from "vitest";
import { samplesOf, valueOf } from "../../../bench/prometheus-text";
import { AnswerTally, quantile } from "../../../bench/statistics";

describe("the benchmarks' statistics", () => {
  it("a quantile is the nearest rank: the smallest value with at least that share at or below it", () => {
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile(hundred, 0.95)).toBe(95);
    expect(quantile(hundred, 0.99)).toBe(99);
    expect(quantile(hundred, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it("the soak's tally gives each kind's p50/p95/p99 and max, and all kinds' together", () => {
    const tally = new AnswerTally();
    for (let ms = 1; ms <= 100; ms += 1) tally.record("step", ms, 200);
    for (let ms = 1001; ms <= 1010; ms += 1) tally.record("upload", ms, 204);
    const { byKind, overall } = tally.latencies();
    expect(byKind).toEqual([
      ["step", { count: 100, p50: 50, p95: 95, p99: 99, max: 100 }],
      ["upload", { count: 10, p50: 1005, p95: 1010, p99: 1010, max: 1010 }],
    ]);
    // 110 answers: the 99th percentile is the 109th, an upload's.
    expect(overall).toEqual({ count: 110, p50: 55, p95: 1005, p99: 1009, max: 1010 });
    expect(tally.answers).toBe(110);
  });

  it("an error is an answer of 400 or more, by kind and status, or what the caller names; most first", () => {
    const tally = new AnswerTally();
    tally.record("log in", 10, 303);
    tally.record("step", 10, 200);
    tally.record("upload", 10, 503);
    tally.record("upload", 10, 503);
    tally.record("draft save", 10, 500);
    tally.record("upload", 10, 429);
    tally.error("log in ended at /login (200)");
    tally.error("log in ended at /login (200)");
    tally.error("log in ended at /login (200)");
    expect(tally.errors()).toEqual([
      ["log in ended at /login (200)", 3],
      ["upload 503", 2],
      ["draft save 500", 1],
      ["upload 429", 1],
    ]);
    // An error answer still took its time.
    expect(tally.answers).toBe(6);
  });

  it("the app's metrics text is read back into samples, and a process default's value found", () => {
    const samples = samplesOf(
      [
        "# HELP nodejs_eventloop_lag_max_seconds The maximum recorded event loop delay.",
        "# TYPE nodejs_eventloop_lag_max_seconds gauge",
        "nodejs_eventloop_lag_max_seconds 0.758",
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/mypage",http_response_status_code="200"} 12',
        "",
      ].join("\n"),
    );
    expect(valueOf(samples, "nodejs_eventloop_lag_max_seconds")).toBe(0.758);
    expect(valueOf(samples, "http_server_request_duration_seconds_count")).toBeNaN();
    expect(samples[1]!.labels).toEqual({
      http_request_method: "GET",
      http_route: "/mypage",
      http_response_status_code: "200",
    });
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeNaN();
  });
});
