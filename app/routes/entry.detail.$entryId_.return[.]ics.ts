// The return dates of an entry's contracted claims as a calendar file, behind the detail page's guard.

import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatJapaneseDate, japanDate } from "~/domain/japan-date";
import { returnCalendar } from "~/domain/return-calendar";
import { returnObligation } from "~/domain/return-obligation";
import { formatYen } from "~/domain/yen";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import { notFound } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { digitsParam } from "~/request/route-params.server";
import { loadEntry } from "~/upstream/entries.server";
import { returnAccountHeading, returnAccountLines } from "~/domain/account-lines";
import { entryPaths } from "~/routing/entry-paths";

export async function loader({ context: ctx, params }: LoaderFunctionArgs) {
  const id = digitsParam(params.entryId);
  await requireUser(ctx);
  const entry = await loadEntry(ctx, id);
  const today = japanDate(ctx.now);
  const { brand } = ctx;
  const calendar = returnDateCalendar(entry.claims, today);
  const events = entry.claims.flatMap((claim, index) => {
    const obligation = returnObligation(claim, today, calendar);
    if (!obligation || obligation.state === "returned") return [];
    const amount = obligation.amount === null ? "" : formatYen(obligation.amount);
    return [
      {
        uid: `return-${claim.id}@${brand.id}`,
        date: obligation.dueDate,
        summary: `${brand.serviceName}へのご返金 請求書${index + 1}（${claim.obliger_company_name ?? ""}）`,
        description: [
          `申込番号 ${entry.code}・請求書${index + 1}（${claim.code}）`,
          `返金期日：${formatJapaneseDate(obligation.dueDate)}`,
          ...(obligation.note ? [obligation.note] : []),
          `返金額：${amount}`,
          // Each part on its own line, as the transfer form asks for them.
          `${returnAccountHeading(brand.operatorName)}：`,
          ...returnAccountLines(brand.returnAccount).map(({ label, value }) => `${label}：${value}`),
          `詳細：${ctx.publicOrigin}${entryPaths.detail(entry.id)}`,
        ].join("\n"),
      },
    ];
  });
  if (events.length === 0) throw notFound();
  return new Response(returnCalendar(events, ctx.now, brand.serviceName), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="return-${entry.code}.ics"`,
    },
  });
}
