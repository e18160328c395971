// REFERENCE "validationError(error, submittedData) puts the submitted values back into the page: remove
// passwords"; §5 "shown per form field … taking the first message"; §8 "400 with body … merged into the
// step's field errors".

import { describe, expect, it } from "vitest";
import { ErrorMessage } from "~/domain/error-messages";
import {
  UpstreamCsrfError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamValidationError,
} from "~/upstream/errors.server";
import {
  fieldErrorsFromUpstream,
  formFailure,
  serverFailure,
  valuesWithoutSecrets,
} from "~/forms/form-errors.server";

describe("valuesWithoutSecrets: remove passwords from the values put back into the page", () => {
  it("drops every field whose name contains password, in any case", () => {
    const values = {
      email: "a@example.com",
      password: "hunter22",
      new_password1: "x",
      new_password2: "y",
      old_password: "z",
      currentPassword: "w",
      PASSWORD_CONFIRM: "v",
      persistLoginState: "on",
    };
    expect(valuesWithoutSecrets(values)).toEqual({ email: "a@example.com", persistLoginState: "on" });
  });

  it("formFailure never repopulates a password and keeps the status", async () => {
    const response = formFailure(
      { email: "Enter a valid email address." },
      { email: "a", password: "p" },
      422,
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.values).toEqual({ email: "a" });
    expect(body.fieldErrors).toEqual({ email: "Enter a valid email address." });
  });

  it("formFailure answers the one failure shape: the form, field errors, form errors, values", async () => {
    const submitted = new FormData();
    submitted.append("email", "a@example.com");
    submitted.append("new_password1", "secret");
    submitted.append("upload", new Blob(["x"]), "x.pdf");
    const body = await formFailure(
      { email: "bad", non_field_errors: "申込みに失敗しました" },
      submitted,
      422,
      { formId: "profile-form" },
    ).json();
    expect(body).toEqual({
      formId: "profile-form",
      fieldErrors: { email: "bad" },
      formErrors: ["申込みに失敗しました"],
      values: { email: "a@example.com" },
    });
  });
});

describe("fieldErrorsFromUpstream: taking the first message, merged into the step's field errors", () => {
  it("keeps the first message of each known field", () => {
    const error = new UpstreamValidationError(
      { email: ["Enter a valid email address.", "second"], password: ["This field may not be blank."] },
      [],
    );
    expect(fieldErrorsFromUpstream(error, ["email", "password"])).toEqual({
      email: "Enter a valid email address.",
      password: "This field may not be blank.",
    });
  });

  it("sends non_field_errors to non_field_errors (the first one)", () => {
    const error = new UpstreamValidationError({ email: ["bad"] }, ["Unable to log in.", "another"]);
    expect(fieldErrorsFromUpstream(error, ["email"])).toEqual({
      email: "bad",
      non_field_errors: "Unable to log in.",
    });
  });

  it("sends unknown fields to non_field_errors so no message is lost", () => {
    const error = new UpstreamValidationError({ token: ["Invalid value"], email: ["bad"] }, []);
    expect(fieldErrorsFromUpstream(error, ["email", "new_password1"])).toEqual({
      email: "bad",
      non_field_errors: "Invalid value",
    });
  });

  it("puts a real non-field error ahead of an unknown field's message", () => {
    const error = new UpstreamValidationError({ token: ["Invalid value"] }, ["Top message."]);
    expect(fieldErrorsFromUpstream(error, [])).toEqual({ non_field_errors: "Top message." });
  });

  it("accepts a plain string message and skips non-string entries", () => {
    const error = new UpstreamValidationError({ email: "single", kind: [42, "second is text"] }, []);
    expect(fieldErrorsFromUpstream(error, ["email", "kind"])).toEqual({
      email: "single",
      kind: "second is text",
    });
  });

  it("returns no errors for an empty validation error", () => {
    expect(fieldErrorsFromUpstream(new UpstreamValidationError({}, []), ["email"])).toEqual({});
  });
});

describe("serverFailure: a save that meets the upstream's server error or silence keeps the form", () => {
  const sent = () => {
    const form = new FormData();
    form.append("purchase_amount_desired", "1,000,000");
    form.append("claims[0].obliger_company_name", "株式会社売掛先");
    return form;
  };

  it("§8 Other statuses: ステータス {code} in the summary, everything sent back, the upstream's 5xx", async () => {
    const response = serverFailure(new UpstreamServerError(503), sent(), "invoice-form")!;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      formId: "invoice-form",
      fieldErrors: {},
      formErrors: [ErrorMessage.status(503), ErrorMessage.savingTypedKept],
      values: { purchase_amount_desired: "1,000,000", "claims[0].obliger_company_name": "株式会社売掛先" },
      title: ErrorMessage.savingServerError,
    });
  });

  it("§8 No response: status 499 in the summary, answered 503 as the error screen is", async () => {
    const response = serverFailure(new UpstreamNetworkError(new Error("timeout")), sent(), null)!;
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.formErrors[0]).toBe(ErrorMessage.status(499));
    expect(body.title).toBe(ErrorMessage.savingNoAnswer);
  });

  it("an answer the app cannot read is the 502 it is everywhere else", async () => {
    const response = serverFailure(new UpstreamMalformedResponseError("html"), sent(), null)!;
    expect(response.status).toBe(502);
    expect((await response.json()).formErrors[0]).toBe(ErrorMessage.status(502));
  });

  it("leaves §8's other answers to the caller: refusals, ended sessions, 429, a 5xx naming where to go", () => {
    for (const error of [
      new UpstreamValidationError({}, ["x"]),
      new UpstreamCsrfError(403),
      new UpstreamServerError(429),
      new UpstreamServerError(503, "ステータス 503", "/maintenance"),
      new Error("a bug"),
    ]) {
      expect(serverFailure(error, sent(), null)).toBeNull();
    }
  });
});
