// Upstream calls are labelled in metrics by their path as a template: an id or a token in a path
// becomes :id, so ten thousand entries make one series, while every real word of the API stays, so
// two different endpoints never share one.

import { describe, expect, it } from "vitest";
import { urlTemplateOf } from "~/upstream/url-template.server";

describe("the upstream's path as a template", () => {
  it("numbers, uuids, hex ids and long tokens become :id", () => {
    expect(urlTemplateOf("/api/entries/123/")).toBe("/api/entries/:id/");
    expect(urlTemplateOf("/api/entries/7/contract/")).toBe("/api/entries/:id/contract/");
    expect(urlTemplateOf("/api/uploads/3f2b1c9e-8a4d-4e6f-9b1a-0c2d3e4f5a6b/")).toBe("/api/uploads/:id/");
    expect(urlTemplateOf("/api/uploads/0f3a9c27d1e8/")).toBe("/api/uploads/:id/");
    expect(urlTemplateOf("/api/register/activation/bxz9k3-4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e/")).toBe(
      "/api/register/activation/:id/",
    );
    expect(urlTemplateOf("/api/session/Zt8qP2vX_mK4rN7wY1sL3dF6/")).toBe("/api/session/:id/");
  });

  it("every real word of the API stays, however long", () => {
    const paths = [
      "/api/auth/",
      "/api/auth/session/delete",
      "/api/draft_entry/",
      "/api/entries/",
      "/api/entry_permission/",
      "/api/ext/houjinbangou/",
      "/api/health/",
      "/api/me/",
      "/api/me/visited_at_entry_page_after_mail_verification",
      "/api/password/change/",
      "/api/password/reset/confirm/",
      "/api/pre_entry/",
      "/api/profile/",
      "/api/profile_name_and_identity/",
      "/api/profile_without_sector_and_business_summary/",
      "/api/register/activation/resend/",
      "/api/system_settings/supress_entries/",
      "/api/uploads/active_delinquency/",
      "/api/v2/entries/",
    ];
    for (const path of paths) expect(urlTemplateOf(path)).toBe(path);
  });

  it("many different ids make one template", () => {
    const templates = new Set(
      Array.from({ length: 200 }, (_, i) => urlTemplateOf(`/api/entries/${i * 7919 + 1}/review/`)),
    );
    expect([...templates]).toEqual(["/api/entries/:id/review/"]);
  });
});
