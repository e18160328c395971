// REFERENCE "validationError(error, submittedData) puts the submitted values back into the page: remove
// passwords"; §5 "shown per form field … taking the first message"; §8 "400 with body … merged into the
// step's field errors".

import { describe, expect, it } from "vitest";
import { UpstreamValidationError } from "~/upstream/errors.server";
import { fieldErrorsFromUpstream, formFailure, valuesWithoutSecrets } from "~/forms/form-errors.server";

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
