import { describe, expect, it } from "vitest";
import { escapeText, foldLine, returnCalendar } from "~/domain/return-calendar";

describe("the return date as a calendar file (RFC 5545)", () => {
  const ics = returnCalendar(
    [
      {
        uid: "claim-7@sakidori",
        date: "2026-12-31",
        summary: "サキドリへのご返金（請求書1）",
        description: "金額：1,000,000円\n振込先：サキドリ銀行; 本店",
      },
    ],
    new Date("2026-11-24T01:30:00.123Z"),
    "サキドリ",
  );
  const lines = ics.split("\r\n");

  it("CRLF line ends, one calendar, one all-day event from the date to the next day", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("UID:claim-7@sakidori");
    expect(lines).toContain("DTSTAMP:20261124T013000Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261231");
    expect(lines).toContain("DTEND;VALUE=DATE:20270101");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("TEXT values escape backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    expect(ics.replace(/\r\n /g, "")).toContain("金額：1\\,000\\,000円\\n振込先：サキドリ銀行\\; 本店");
  });

  it("lines fold at 75 octets, never inside a character, and unfold to the original", () => {
    const long = `DESCRIPTION:${"返金".repeat(40)}`;
    const folded = foldLine(long);
    const encoder = new TextEncoder();
    for (const part of folded.split("\r\n")) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((part) => part.startsWith(" ")),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldLine("SHORT:1")).toBe("SHORT:1");
  });
});
