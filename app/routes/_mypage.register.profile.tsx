// §2 /register/profile: the first profile with the identity documents, saved by §7 PATCH
// /api/profile_without_sector_and_business_summary/.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  json,
  redirectDocument,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RadioField } from "~/components/form/fields";
import { ErrorSummary, NON_FIELD_ERRORS } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import {
  AddressFields,
  BusinessFields,
  IDENTITY_TYPE_OPTIONS,
  IdentityStatus,
  IdentityUploads,
  ProfileFormScope,
} from "~/components/profile-fields";
import { PROFILE_FORM_FIELDS } from "~/forms/profile-labels";
import { registrationProfileValidator } from "~/forms/profile-validators.server";
import { businessWords } from "~/domain/business-types";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import { typedByToken } from "~/forms/typist.server";
import { hydrates } from "~/routing/page-scripts";
import styles from "~/styles/profile.css";
import { type RequestContext } from "~/request/context.server";
import { answerAccountForm, divisionRefused } from "~/forms/account-action.server";
import { redirectDeclinedToPreEntryResult, requireUser } from "~/request/guards.server";
import {
  handlePostcodeLookup,
  identitySubmission,
  readProfilePost,
  refuseLookupOverLimit,
  identityView,
  profileFormDefaults,
  profileRefused,
} from "~/forms/profile-form.server";
import { loadProfile, patchProfile } from "~/upstream/profile.server";
import { usePageFormEncType } from "~/components/upload-slot";

/** Its id lets the identity slots post it without JavaScript (decision 0007). */
const PROFILE_FORM = "register-profile";

export const meta = keptFormMeta("会員情報の登録");
export const ErrorBoundary = KeptFormErrorBoundary;
export const handle = hydrates("住所の自動入力、法人番号の候補、本人確認書類のアップロード");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  // A declined user owes no profile and no documents: the screening's answer says so.
  const user = await requireUser(ctx);
  redirectDeclinedToPreEntryResult(user);
  const profile = await loadProfile(ctx);
  return json({
    identity: identityView(profile, ctx.now),
    defaults: profileFormDefaults(profile),
    typedBy: typedByToken(user.id, ctx.now),
  });
}

export function action({ context: ctx, request }: ActionFunctionArgs) {
  // An ended session keeps what was typed; after the login the form is back filled, not registered:
  // 登録する sends the identity documents for review, which waits for the person's own press (decision 0027).
  return keepTypedThroughLogin(ctx, request, { afterLogin: "show", formId: PROFILE_FORM }, (request, keep) =>
    registerProfile(ctx, request, keep),
  );
}

async function registerProfile(ctx: RequestContext, request: Request, keep: (typed: FormData) => void) {
  redirectDeclinedToPreEntryResult(await requireUser(ctx));
  const formData = await readProfilePost(ctx, request, PROFILE_FORM);
  if (formData instanceof Response) return formData;
  keep(formData);
  // 「住所を検索」 (without JavaScript): the page comes back with the address, nothing saved.
  const lookup =
    (await refuseLookupOverLimit(ctx, formData, PROFILE_FORM)) ??
    handlePostcodeLookup(formData, PROFILE_FORM);
  if (lookup) return lookup;
  return answerAccountForm(ctx, request, formData, {
    formId: PROFILE_FORM,
    validator: registrationProfileValidator,
    refuse: divisionRefused(ctx),
    upstreamFields: PROFILE_FORM_FIELDS,
    refused: profileRefused,
    async send(ctx, { identity_document_type: documentType, ...fields }, fail) {
      const identity = identitySubmission(await loadProfile(ctx), documentType);
      if ("problem" in identity) return fail({ [NON_FIELD_ERRORS]: identity.problem }, 400);
      await patchProfile(ctx, "withoutSectorAndBusinessSummary", { ...fields, ...identity });
      // My page has no scripts (decision 0015): a document load shows it without fetching its modules.
      return redirectDocument("/mypage");
    },
  });
}

export default function RegisterProfilePage() {
  const { identity, defaults, typedBy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formEncType = usePageFormEncType();
  // The saved business type's words (the fields follow the one being chosen).
  const { owner } = businessWords(defaults.corporate_division);
  return (
    <ProfileFormScope id={PROFILE_FORM} failure={actionData} defaults={defaults}>
      <h1>会員情報の登録</h1>
      <p>{`お申し込みの前に、本人確認書類と、事業者・${owner}の情報をご登録ください。`}</p>
      {/* Enter in a field presses the form's first button: 登録する, not the search or uploads before it. */}
      <SubmitButton form={PROFILE_FORM} hidden>
        登録する
      </SubmitButton>
      <section className="profile-section" id="identity" aria-labelledby="identity-title">
        <h2 id="identity-title">1. 本人確認書類</h2>
        <IdentityStatus identity={identity} submitButton="登録する" />
        {/* The type first: it decides the slots. Its buttons join the form by their `form` attribute. */}
        <IdentityUploads
          identity={identity}
          form={PROFILE_FORM}
          picker={<RadioField name="identity_document_type" required options={IDENTITY_TYPE_OPTIONS} />}
        />
      </section>
      <section className="profile-section" aria-labelledby="profile-title">
        <h2 id="profile-title">2. 事業者・{owner}の情報</h2>
        <Form id={PROFILE_FORM} method="post" encType={formEncType} noValidate className="form">
          <TypedByField token={typedBy} />
          <ErrorSummary />
          <BusinessFields />
          <AddressFields who="office" />
          <AddressFields who="owner" />
          <SubmitButton pendingText="登録しています…">登録する</SubmitButton>
        </Form>
      </section>
    </ProfileFormScope>
  );
}
