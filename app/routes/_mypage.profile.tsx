// §2 /profile: the profile (§7 PATCH /api/profile/), the identity (PATCH /api/profile_name_and_identity/)
// and the payout account where can_edit_bank_account allows.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BankPickerProvider } from "~/components/bank-field";
import { RadioField } from "~/components/form/fields";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { PropagatedNotices } from "~/components/notices";
import { useHydrated } from "~/components/use-hydrated";
import { usePageFormEncType } from "~/components/upload-slot";
import {
  AddressFields,
  BankAccountFields,
  BusinessDetailFields,
  BusinessFields,
  IDENTITY_TYPE_OPTIONS,
  IdentityStatus,
  IdentityUploads,
  PayoutAccountReadOnly,
  ProfileFormScope,
} from "~/components/profile-fields";
import { formatHolderName, normalizeBankAccountNumber } from "~/domain/bank-account";
import { PROFILE_FORM_FIELDS, profileFieldLabels } from "~/forms/profile-labels";
import { fullProfileValidator, identityValidator } from "~/forms/profile-validators.server";
import { businessWords } from "~/domain/business-types";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import { typedByToken } from "~/forms/typist.server";
import { hydrates } from "~/routing/page-scripts";
import styles from "~/styles/profile.css";
import { type RequestContext } from "~/request/context.server";
import { type BankPickerView, applyPickedNames } from "~/forms/bank-picker";
import { answerAccountForm, divisionRefused } from "~/forms/account-action.server";
import { isFormFailure } from "~/forms/form-failure";
import {
  redirectDeclinedToPreEntryResult,
  redirectToProfileWhenNeeded,
  requireUser,
} from "~/request/guards.server";
import {
  handleBankPicker,
  handlePostcodeLookup,
  identitySubmission,
  identityView,
  profileBankPicker,
  profileFormDefaults,
  profilePayoutView,
  readProfilePost,
  profileRefused,
  refuseLookupOverLimit,
} from "~/forms/profile-form.server";
import { loadProfile, patchProfile } from "~/upstream/profile.server";

export const meta = keptFormMeta("会員情報");
export const ErrorBoundary = KeptFormErrorBoundary;
export const handle = hydrates("住所の自動入力、金融機関と法人番号の候補、本人確認書類のアップロード");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The confirmation after a save (PRG): only these fixed texts, never text from the URL. */
const SAVED_MESSAGES: Record<string, string> = {
  identity: "本人確認書類を提出しました。確認が終わるまでしばらくお待ちください。",
  profile: "会員情報を保存しました。",
};

const IDENTITY_FORM = "identity-form";
const PROFILE_FORM = "profile-form";

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  redirectDeclinedToPreEntryResult(user);
  redirectToProfileWhenNeeded(user);
  const profile = await loadProfile(ctx);
  const payout = await profilePayoutView(ctx, profile);
  return json({
    email: profile.email,
    identity: identityView(profile, ctx.now),
    identityDefaults: { identity_document_type: profile.identity_document_type ?? undefined },
    defaults: profileFormDefaults(profile),
    canEditBankAccount: profile.can_edit_bank_account,
    payout,
    bankPicker: profile.can_edit_bank_account ? profileBankPicker(profileFormDefaults(profile), null) : null,
    saved: SAVED_MESSAGES[ctx.url.searchParams.get("saved") ?? ""] ?? null,
    typedBy: typedByToken(user.id, ctx.now),
  });
}

export function action({ context: ctx, request }: ActionFunctionArgs) {
  // An ended session keeps what was typed: a login in place, then 変更を保存する (decision 0027).
  return keepTypedThroughLogin(ctx, request, { afterLogin: "save", intent: "profile" }, (request, keep) =>
    saveProfile(ctx, request, keep),
  );
}

async function saveProfile(ctx: RequestContext, request: Request, keep: (typed: FormData) => void) {
  redirectDeclinedToPreEntryResult(await requireUser(ctx));
  const post = await readProfilePost(ctx, request, PROFILE_FORM);
  if (post instanceof Response) return post;
  keep(post);
  // A bank or branch chosen from a search's matches (no JavaScript) fills its field, on any post.
  const formData = applyPickedNames(post);
  // 「住所を検索」「金融機関を検索」 without JavaScript: nothing saved, everything typed kept.
  const lookup =
    (await refuseLookupOverLimit(ctx, formData, PROFILE_FORM)) ??
    handlePostcodeLookup(formData, PROFILE_FORM) ??
    handleBankPicker(formData, PROFILE_FORM);
  if (lookup) return lookup;
  const profile = await loadProfile(ctx);

  // Without JavaScript the identity button sends the profile's form, whose own intent comes with it.
  if (formData.getAll("intent").includes("identity")) {
    return answerAccountForm(ctx, request, formData, {
      formId: IDENTITY_FORM,
      validator: identityValidator,
      upstreamFields: ["identity_document_type"],
      refused: profileRefused,
      async send(ctx, { identity_document_type }, fail) {
        const identity = identitySubmission(profile, identity_document_type);
        if ("problem" in identity) return fail({ [NON_FIELD_ERRORS]: identity.problem }, 400);
        await patchProfile(ctx, "nameAndIdentity", identity);
        return redirect("/profile?saved=identity#identity");
      },
    });
  }

  return answerAccountForm(ctx, request, formData, {
    formId: PROFILE_FORM,
    validator: fullProfileValidator,
    refuse: divisionRefused(ctx),
    upstreamFields: PROFILE_FORM_FIELDS,
    refused: profileRefused,
    async send(ctx, data) {
      const { bank_name, branch_name, deposit_type, bank_account_number, account_holder_name, ...fields } =
        data;
      const body: Record<string, unknown> = { ...fields };
      if (profile.can_edit_bank_account && bank_name) {
        body.bank_account = {
          bank_name,
          branch_name,
          deposit_type: deposit_type ?? "ordinary",
          bank_account_number: normalizeBankAccountNumber(bank_account_number),
          account_holder_name: formatHolderName(account_holder_name),
        };
      }
      await patchProfile(ctx, "full", body);
      return redirect("/profile?saved=profile");
    },
  });
}

export default function ProfilePage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const formEncType = usePageFormEncType();
  // Without JavaScript the identity is sent with the profile's form (readProfilePost).
  const identityFailure =
    isFormFailure(actionData) && actionData.formId === IDENTITY_FORM ? actionData : null;
  // The identity section opens for its own answer, and for an upload's (which posts the profile form).
  const identityAnswered =
    isFormFailure(actionData) &&
    (actionData.formId === IDENTITY_FORM ||
      "identityUploaded" in actionData ||
      Object.keys(actionData.fieldErrors).some((name) => name.startsWith("upload_identity-")));
  // Called, not rendered as a component of its own: a component made during render would remount each time.
  // Outside the profile's own form, the saved business type's words (inside, the one being chosen).
  const savedLabels = profileFieldLabels(view.defaults.corporate_division);
  const { owner } = businessWords(view.defaults.corporate_division);
  const identityScope = (children: ReactNode) => (
    <FormScope
      id={IDENTITY_FORM}
      failure={actionData}
      labels={savedLabels}
      defaults={view.identityDefaults}
      postsWith={hydrated ? undefined : PROFILE_FORM}
    >
      {children}
    </FormScope>
  );
  return (
    <>
      <h1>会員情報</h1>
      <PropagatedNotices />
      {view.saved ? (
        <p className="notice" role="status">
          {view.saved}
        </p>
      ) : null}
      {/* Enter in a field presses the form's first button: 保存, not the searches or uploads before it. */}
      <SubmitButton form={PROFILE_FORM} hidden>
        変更を保存する
      </SubmitButton>
      <section className="profile-section" id="identity" aria-labelledby="identity-title">
        <h2 id="identity-title">本人確認書類</h2>
        <IdentityStatus identity={view.identity} submitButton="本人確認書類を提出する" />
        {/* A confirmed, valid identity needs nothing: the slots wait behind a disclosure. */}
        <details className="identity-update" open={view.identity.needsDocuments || identityAnswered}>
          <summary>本人確認書類を提出・更新する</summary>
          {/* Without JavaScript a slot posts the profile form, the one with most typing to keep; the
              type's controls join a form by their `form` attribute, so hydration never remounts them:
              without JavaScript the profile form, with it the identity form. */}
          <FormScope id={PROFILE_FORM} failure={actionData} labels={savedLabels}>
            <IdentityUploads
              division={view.defaults.corporate_division}
              identity={view.identity}
              form={PROFILE_FORM}
              picker={identityScope(
                <div className="form">
                  <ErrorSummary />
                  <RadioField name="identity_document_type" required options={IDENTITY_TYPE_OPTIONS} />
                </div>,
              )}
            />
          </FormScope>
          {identityScope(
            <>
              <SubmitButton
                intent="identity"
                form={hydrated ? IDENTITY_FORM : PROFILE_FORM}
                pendingText="提出しています…"
              >
                本人確認書類を提出する
              </SubmitButton>
              {hydrated ? (
                <Form id={IDENTITY_FORM} method="post" noValidate>
                  <TypedByField token={view.typedBy} />
                </Form>
              ) : null}
            </>,
          )}
        </details>
      </section>
      <section className="profile-section" aria-labelledby="profile-title">
        <h2 id="profile-title">事業者・{owner}の情報</h2>
        <dl className="summary-list">
          <div>
            <dt>メールアドレス</dt>
            <dd>{view.email}</dd>
          </div>
          <div>
            <dt>パスワード</dt>
            <dd className="link-list">
              <Link to="/profile/password/change">パスワードを変更する</Link>
            </dd>
          </div>
        </dl>
        <ProfileFormScope
          id={PROFILE_FORM}
          failure={actionData}
          defaults={identityFailure ? { ...view.defaults, ...identityFailure.values } : view.defaults}
        >
          <Form id={PROFILE_FORM} method="post" encType={formEncType} noValidate className="form">
            <input type="hidden" name="intent" value="profile" />
            <TypedByField token={view.typedBy} />
            <ErrorSummary />
            <BusinessFields />
            <AddressFields who="office" />
            <AddressFields who="owner" />
            <BusinessDetailFields />
            {view.canEditBankAccount ? (
              // A search's answer (no JavaScript) beats the page's own notes.
              <BankPickerProvider
                value={
                  actionData && "bankPicker" in actionData
                    ? (actionData.bankPicker as BankPickerView)
                    : view.bankPicker
                }
              >
                <BankAccountFields payout={view.payout} />
              </BankPickerProvider>
            ) : (
              <PayoutAccountReadOnly payout={view.payout} />
            )}
            <SubmitButton pendingText="保存しています…">変更を保存する</SubmitButton>
          </Form>
        </ProfileFormScope>
      </section>
    </>
  );
}
