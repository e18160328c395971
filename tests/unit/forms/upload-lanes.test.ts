import { describe, expect, it } from "vitest";
import { MAX_UPLOADS_AT_ONCE_PER_USER } from "~/domain/upload-rules";
import { uploadLanes } from "~/forms/upload-lanes";

/** A send the test ends when it likes. */
function pendingSend() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { send: () => ended, end };
}

describe("a page's uploads go three at once (decision 0021: the server refuses a person's fourth)", () => {
  it("five files chosen together: three go, the others wait and go as each ends, in the order chosen", async () => {
    const lanes = uploadLanes();
    const sends = Array.from({ length: 5 }, pendingSend);
    const started: number[] = [];
    const waited: number[] = [];
    const runs = sends.map((each, index) =>
      lanes.run(
        () => {
          started.push(index);
          return each.send();
        },
        () => waited.push(index),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(waited).toEqual([3, 4]);
    expect(started).toHaveLength(MAX_UPLOADS_AT_ONCE_PER_USER);

    sends[1]!.end();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);

    for (const each of sends) each.end();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("a send that fails frees its lane too", async () => {
    const lanes = uploadLanes(1);
    await expect(lanes.run(() => Promise.reject(new Error("network")))).rejects.toThrow("network");
    expect(await lanes.run(() => Promise.resolve("next"))).toBe("next");
  });
});
