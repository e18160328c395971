export function EntryCodeStatus({ entry }: { entry: { code: string; tone: string; statusLabel: string } }) {
  return (
    <>
      <span className="entry-code">申込番号 {entry.code}</span>
      <span className={`status-badge status-${entry.tone}`}>
        <span className="visually-hidden">状態：</span>
        {entry.statusLabel}
      </span>
    </>
  );
}
