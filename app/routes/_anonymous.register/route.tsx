// §2 /register (anonymous layout, already-login-to-mypage).

import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ExperimentIdField } from "~/components/experiment-id-field";
import { CheckboxField } from "~/components/form/checkbox-field";
import { RadioField, TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { HoneypotField } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { deviceCookieAfterLogin } from "~/security/device-cookie.server";
import { register } from "~/upstream/auth.server";
import { accountAction, divisionRefused } from "~/forms/account-action.server";
import { withCrossFieldChecks } from "~/forms/cross-field.server";
import type { FieldErrors, GenericObject } from "remix-validated-form";
import { redirectLoggedInToMyPage } from "~/request/guards.server";
import { CORPORATE_ONLY_HINT, divisionChoices } from "~/domain/business-types";
import { REGISTER_FIELDS } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import { NEW_PASSWORD_RULE_TEXT } from "~/domain/passwords";
import {
  type PartnerConsentTerms,
  PartnerConsentMessage,
  partnerConsentTerms,
} from "~/domain/partner-consent";
import { REGISTER_FIELD_LABELS } from "./labels";
import { registerValidator } from "./schema.server";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "会員登録")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  await redirectLoggedInToMyPage(ctx);
  return json({
    individualSupported: ctx.brand.individualSupported,
    partnerConsent: ctx.brand.partnerName ? partnerConsentTerms(ctx.brand.partnerName) : null,
  });
}

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  await redirectLoggedInToMyPage(ctx);
  // A brand with a partner bank: its privacy policy informs the bank only with this consent.
  const asksConsent = ctx.brand.partnerName !== null;
  const consent = (values: GenericObject): FieldErrors =>
    values.partner_data_consent === "on" ? {} : { partner_data_consent: PartnerConsentMessage.required };
  return accountAction(ctx, request, {
    honeypot: (fail) => fail({ [NON_FIELD_ERRORS]: "登録できませんでした。入力内容をご確認ください。" }, 400),
    validator: asksConsent ? withCrossFieldChecks(registerValidator, consent) : registerValidator,
    // §6: refused before an account is made that the brand would turn away at login.
    refuse: divisionRefused(ctx),
    rateLimit: { form: "register", target: ({ email }) => email },
    upstreamFields: ["email", "password", "corporate_division", "partner_data_consent"],
    async send(ctx, { email, password, corporate_division, experiment_user_id }) {
      const consented = asksConsent ? { partner_data_consent: true } : {};
      await register(ctx, { email, password, corporate_division, experiment_user_id, ...consented });
      // Registering logs in: this browser is then known to the account, as after a login (decision 0020).
      return redirect("/register/complete", {
        headers: { "Set-Cookie": await deviceCookieAfterLogin(request, email) },
      });
    },
  });
}

export default function RegisterPage() {
  const actionData = useActionData<typeof action>();
  const { individualSupported, partnerConsent } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>会員登録</h1>
      <p>
        メールアドレスとパスワードを登録してください。登録後、メールアドレスの確認のためのメールをお送りします。
      </p>
      <FormScope
        failure={actionData}
        // The one choice a corporate-only brand offers is made already.
        defaults={individualSupported ? undefined : { corporate_division: "corporate" }}
      >
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={REGISTER_FIELD_LABELS} />
          <HoneypotField />
          <ExperimentIdField />
          <TextField
            name="email"
            label={REGISTER_FIELDS.email.label}
            {...constraintsOf(REGISTER_FIELDS.email)}
            hint="ログインとご連絡に使います。"
          />
          <TextField
            name="password"
            label={REGISTER_FIELDS.password.label}
            {...constraintsOf(REGISTER_FIELDS.password)}
            hint={NEW_PASSWORD_RULE_TEXT}
          />
          <TextField
            name="password_confirmation"
            label={REGISTER_FIELDS.password_confirmation.label}
            {...constraintsOf(REGISTER_FIELDS.password_confirmation)}
            hint="確認のため、もう一度入力してください。"
          />
          <RadioField
            name="corporate_division"
            legend={REGISTER_FIELDS.corporate_division.label}
            options={divisionChoices(individualSupported)}
            required
            hint={individualSupported ? "ご提出いただく書類が変わります。" : CORPORATE_ONLY_HINT}
          />
          <CheckboxField
            name="agreement"
            required
            label={
              <>
                <Link to="/terms" target="_blank">
                  利用規約
                </Link>
                と
                <Link to="/policy/privacy" target="_blank">
                  プライバシーポリシー
                </Link>
                に同意する
              </>
            }
          />
          {partnerConsent ? <PartnerConsentField terms={partnerConsent} /> : null}
          <SubmitButton pendingText="登録しています…">同意して登録する</SubmitButton>
        </Form>
      </FormScope>
      <p>
        すでに登録済みの方は<Link to="/login">ログイン</Link>してください。
      </p>
    </div>
  );
}

/** The partner bank's consent: to whom, what and why, as the privacy policy's joint use says it. */
function PartnerConsentField({ terms }: { terms: PartnerConsentTerms }) {
  return (
    <section className="consent-box" aria-labelledby="partner-consent-title">
      <h2 id="partner-consent-title">{terms.recipient}への情報の提供</h2>
      <p>
        本サービスは{terms.recipient}
        との提携サービスです。ご登録には、次のとおり情報を提供することへの同意が必要です。
      </p>
      <dl className="summary-list">
        <div>
          <dt>提供先</dt>
          <dd>{terms.recipient}</dd>
        </div>
        <div>
          <dt>提供する情報</dt>
          <dd>{terms.data}</dd>
        </div>
        <div>
          <dt>利用目的</dt>
          <dd>{terms.purpose}</dd>
        </div>
      </dl>
      <p>
        詳しくは
        <Link to="/policy/privacy" target="_blank">
          プライバシーポリシー
        </Link>
        の「3. 第三者への提供」にある「{terms.recipient}との共同利用」をご覧ください。
      </p>
      <CheckboxField name="partner_data_consent" required label={terms.label} />
    </section>
  );
}
