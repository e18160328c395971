import { describe, expect, it } from "vitest";
import {
  EXPERIMENT_PAGE_VIEW_DELAY_MS,
  configEvent,
  experimentActivationEvent,
  firstPageViewDelay,
  isSameUser,
  pageViewEvent,
  tagManagerScriptUrl,
  userEvent,
} from "~/runtime/analytics-events";

const user = { hashed_user_id: "9f2c", user_segment: "general", company_name: "株式会社テスト" };

describe("§9 analytics data layer events", () => {
  it("config: the content tag id (15 for the white-label product) and the user's hashed id, segment and company", () => {
    expect(configEvent({ containerId: "GTM-X", contentTagId: 15, user })).toEqual({
      event: "config",
      content_tag_id: 15,
      user_id: "9f2c",
      user_segment: "general",
      company_name: "株式会社テスト",
    });
  });
  it("config for a visitor of a brand without a content tag id: nulls, never an id of ours", () => {
    expect(configEvent({ containerId: "GTM-X", contentTagId: null, user: null })).toEqual({
      event: "config",
      content_tag_id: null,
      user_id: null,
      user_segment: null,
      company_name: null,
    });
  });
  it("user data after a login inside the app", () => {
    expect(userEvent(user)).toEqual({
      event: "user_data",
      user_id: "9f2c",
      user_segment: "general",
      company_name: "株式会社テスト",
    });
    expect(isSameUser(user, { ...user })).toBe(true);
    expect(isSameUser(user, null)).toBe(false);
    expect(isSameUser(user, { ...user, user_segment: "vip" })).toBe(false);
  });
  it("a page view carries the path and the title", () => {
    expect(pageViewEvent("/mypage?x=1", "マイページ | サキドリ")).toEqual({
      event: "page_view",
      page_path: "/mypage?x=1",
      page_title: "マイページ | サキドリ",
    });
  });
  it("§9 the page view waits 800 ms when an experiment activation is pending, not otherwise", () => {
    expect(EXPERIMENT_PAGE_VIEW_DELAY_MS).toBe(800);
    expect(firstPageViewDelay("exp-42")).toBe(800);
    expect(firstPageViewDelay(null)).toBe(0);
    expect(experimentActivationEvent("exp-42")).toEqual({
      event: "experiment_activation",
      experiment_user_id: "exp-42",
    });
  });
  it("the tag manager's script URL escapes the container id", () => {
    expect(tagManagerScriptUrl("GTM-AB12")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12");
  });
});
