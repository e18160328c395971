// §2 /register/pre_entry (contract addition: POST /api/pre_entry/) → /pre_entry/result; a declined
// user (§4 preEntryDeclined) is shown that answer instead of the questions.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RadioField, TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { CORPORATE_ONLY_HINT, divisionChoices } from "~/domain/business-types";
import { accountAction, divisionRefused } from "~/forms/account-action.server";
import { type RequestContext } from "~/request/context.server";
import { redirectDeclinedToPreEntryResult, requireUser } from "~/request/guards.server";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import { typedByToken } from "~/forms/typist.server";
import styles from "~/styles/account.css";
import { submitPreEntry } from "~/upstream/pre-entry.server";
import { PRE_ENTRY_FIELD_LABELS, YES_NO } from "./labels";
import { PRE_ENTRY_FIELDS } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import { preEntryValidator } from "./schema.server";

const PRE_ENTRY_RESULT_PATH = "/pre_entry/result";

export const meta = keptFormMeta("事前審査");
export const ErrorBoundary = KeptFormErrorBoundary;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  redirectDeclinedToPreEntryResult(user);
  // The division the user registered with starts chosen.
  const division = user.corporate_division === "individual" ? "individual" : "corporate";
  return json({
    defaults: { corporate_division: division },
    individualSupported: ctx.brand.individualSupported,
    typedBy: typedByToken(user.id, ctx.now),
  });
}

export function action({ context: ctx, request }: ActionFunctionArgs) {
  // An ended session keeps the answers; after the login they are back, not sent: the screening's
  // answer is final, so it waits for the person's own press (decision 0027).
  return keepTypedThroughLogin(ctx, request, { afterLogin: "show", formId: null }, (request, keep) =>
    answerPreEntry(ctx, request, keep),
  );
}

async function answerPreEntry(ctx: RequestContext, request: Request, keep: (typed: FormData) => void) {
  redirectDeclinedToPreEntryResult(await requireUser(ctx));
  return accountAction(
    ctx,
    request,
    {
      validator: preEntryValidator,
      refuse: divisionRefused(ctx),
      upstreamFields: Object.keys(PRE_ENTRY_FIELD_LABELS),
      async send(ctx, answers) {
        await submitPreEntry(ctx, answers);
        return redirect(PRE_ENTRY_RESULT_PATH);
      },
    },
    keep,
  );
}

export default function PreEntryPage() {
  const { defaults, individualSupported, typedBy } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="narrow">
      <h1>事前審査</h1>
      <p>
        お申し込みの前に、いくつかの質問にお答えください。すべて必須です。お答えはお申し込みの審査にのみ使います。
      </p>
      <FormScope failure={failure} labels={PRE_ENTRY_FIELD_LABELS} defaults={defaults}>
        <Form method="post" noValidate className="form">
          <TypedByField token={typedBy} />
          <ErrorSummary />
          <RadioField
            name="corporate_division"
            required
            inline
            options={divisionChoices(individualSupported)}
            hint={individualSupported ? undefined : CORPORATE_ONLY_HINT}
          />
          <TextField
            name="years_in_business"
            {...constraintsOf(PRE_ENTRY_FIELDS.years_in_business)}
            hint="整数（年）で入力してください。1年未満の場合は 0。"
          />
          <TextField
            name="annual_sales"
            {...constraintsOf(PRE_ENTRY_FIELDS.annual_sales)}
            hint="直近1年間の売上高を円単位で入力してください（例：12,000,000）。"
          />
          <RadioField name="has_invoice" required inline options={YES_NO.invoice} />
          <RadioField name="has_tax_delinquency" required inline options={YES_NO.delinquency} />
          <SubmitButton pendingText="送信しています…">回答して結果を見る</SubmitButton>
        </Form>
      </FormScope>
      <p className="link-list">
        <Link to="/mypage">マイページへ戻る</Link>
      </p>
    </div>
  );
}
