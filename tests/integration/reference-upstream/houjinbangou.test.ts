import { beforeAll, describe, expect, it } from "vitest";
import { isValidHoujinbangou } from "../../../app/domain/houjinbangou";
import sample from "../../../reference-upstream/data/houjinbangou-sample.json";
import { useTestUpstream } from "./harness";
import { type LoggedInClient, loginAs } from "./login-helper";

interface Suggestion {
  name: string;
  houjinbangou: string;
  address: string;
}

const search = (client: LoggedInClient, name: string) =>
  client.get<Suggestion[]>(`/api/ext/houjinbangou/?name=${encodeURIComponent(name)}`);
const names = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.name);

describe("bundled corporation sample", () => {
  it("holds about sixty corporations with distinct 13-digit numbers", () => {
    expect(sample.length).toBeGreaterThanOrEqual(55);
    expect(new Set(sample.map((corporation) => corporation.houjinbangou)).size).toBe(sample.length);
    expect(new Set(sample.map((corporation) => corporation.name)).size).toBe(sample.length);
  });

  it.each(sample.map((corporation) => [corporation.name, corporation.houjinbangou]))(
    "%s: %s passes the check-digit rule",
    (_name, houjinbangou) => {
      expect(isValidHoujinbangou(houjinbangou)).toBe(true);
    },
  );

  it("gives every corporation a name and an address with its prefecture", () => {
    for (const corporation of sample) {
      expect(corporation.name.trim()).not.toBe("");
      expect(corporation.address).toMatch(/^(東京都|北海道|(京都|大阪)府|.{2,3}県)/);
    }
  });
});

describe("GET /api/ext/houjinbangou/ (§7 corporate-number suggestions)", () => {
  const upstream = useTestUpstream();
  let client: LoggedInClient;
  beforeAll(() => {
    client = loginAs(upstream);
  });

  it("needs a session (403)", async () => {
    const response = await upstream.client().get("/api/ext/houjinbangou/?name=青葉");
    expect(response.status).toBe(403);
  });

  it("suggests by part of the name, as {name, houjinbangou, address}", async () => {
    const response = await search(client, "青葉");
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(["株式会社青葉精機", "株式会社青葉ロジスティクス"]);
    expect(response.body[0]).toEqual({
      name: "株式会社青葉精機",
      houjinbangou: expect.stringMatching(/^[0-9]{13}$/),
      address: expect.stringContaining("宮城県"),
    });
    const middle = await search(client, "物流");
    expect(names(middle.body)).toEqual(["合同会社みなと物流"]);
  });

  it("ignores the corporate form and spaces in the query", async () => {
    expect(names((await search(client, "株式会社 青葉精機")).body)).toEqual(["株式会社青葉精機"]);
    expect(names((await search(client, "㈱なにわ食品")).body)).toEqual(["株式会社なにわ食品"]);
    expect(names((await search(client, "（株）なにわ")).body)).toEqual(["株式会社なにわ食品"]);
    expect(names((await search(client, "みなと　物流")).body)).toEqual(["合同会社みなと物流"]);
  });

  it("normalises width, case and kana (full-width ＡＢＣ, half-width ﾐﾗｲ, hiragana for katakana)", async () => {
    expect(names((await search(client, "ＡＢＣ")).body)).toEqual(["株式会社ABCトレーディング"]);
    expect(names((await search(client, "abcとれーでぃんぐ")).body)).toEqual(["株式会社ABCトレーディング"]);
    expect(names((await search(client, "ﾃﾞｻﾞｲﾝ")).body)).toEqual(["合同会社ミライデザインラボ"]);
  });

  it("suggests by number prefix when the query is digits (full-width and T-prefixed too)", async () => {
    const target = sample[0]!;
    expect((await search(client, target.houjinbangou)).body).toEqual([target]);
    expect((await search(client, `T${target.houjinbangou}`)).body).toEqual([target]);
    const fullWidth = target.houjinbangou.replace(/[0-9]/g, (d) =>
      String.fromCharCode(d.charCodeAt(0) + 0xfee0),
    );
    expect((await search(client, fullWidth)).body).toEqual([target]);

    const prefix = target.houjinbangou.slice(0, 3);
    const byPrefix = (await search(client, prefix)).body;
    const expected = sample.filter((corporation) => corporation.houjinbangou.startsWith(prefix)).slice(0, 10);
    expect(byPrefix).toEqual(expected);
    expect(byPrefix.length).toBeGreaterThan(0);
  });

  it("answers at most 10 suggestions", async () => {
    // "ー" appears in more than ten bundled names (no normalisation changes it).
    expect(sample.filter((corporation) => corporation.name.includes("ー")).length).toBeGreaterThan(10);
    const response = await search(client, "ー");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(10);
    for (const suggestion of response.body) expect(suggestion.name).toContain("ー");
  });

  it("answers [] for an empty query, spaces only, or a corporate form only", async () => {
    for (const query of ["", "　 ", "株式会社", "(株)"]) {
      const response = await search(client, query);
      expect(response.status, query).toBe(200);
      expect(response.body, query).toEqual([]);
    }
    const noParameter = await client.get("/api/ext/houjinbangou/");
    expect(noParameter.status).toBe(200);
    expect(noParameter.body).toEqual([]);
    expect((await search(client, "該当なし商会")).body).toEqual([]);
  });

  it("refuses a query over 100 characters with a field error on name", async () => {
    expect((await search(client, "あ".repeat(100))).status).toBe(200);
    const response = await search(client, "あ".repeat(101));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ name: ["この項目が 100 文字より長くならないようにしてください。"] });
  });
});
