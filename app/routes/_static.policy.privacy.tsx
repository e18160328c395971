// §2 /policy/privacy (static layout): how the operator handles personal information.
// The text is the operator's file (content/legal/privacy.md, decision 0019), in the brand's names.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal-document";
import { legalText } from "~/legal/legal-texts.server";
import { brandOf } from "~/request/context.server";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "プライバシーポリシー")];

export function loader({ request }: LoaderFunctionArgs) {
  return json({ text: legalText("privacy", brandOf(request)) });
}

export default function PrivacyPolicyPage() {
  const { text } = useLoaderData<typeof loader>();
  return <LegalDocument text={text} />;
}
