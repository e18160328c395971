import { ContactFormatMessage } from "../../app/domain/contact-formats";
// Messages of the accounts area (login, registration, passwords, profile, pre-entry), in Japanese as a
// Japanese-locale Django / DRF / dj-rest-auth answers them, or in the same register where the spec
// leaves the wording open. One place, so the app can match on them and tests quote them.

export const AccountMessage = {
  // §8 "Login 401: operational error with server detail."
  invalidCredentials: "メールアドレスまたはパスワードが正しくありません。",
  /** §6 a login on the wrong service: the detail names the brand the account belongs to. */
  otherService: (serviceName: string) =>
    `このアカウントは「${serviceName}」のアカウントです。${serviceName}のログインページからログインしてください。`,
  emailTaken: "このメールアドレスは既に登録されています。",
  blank: "この項目は空にできません。",
  notNull: "この項目はnullにできません。",
  notAString: "有効な文字列ではありません。",
  activationKeyInvalid: "このリンクは無効か、有効期限が切れています。",
  alreadyVerified: "このメールアドレスは既に確認済みです。",
  activationSent: "確認メールを送信しました。",
  passwordResetSent:
    "ご登録のメールアドレスであれば、パスワード再設定用のメールを送信しました。メールをご確認ください。",
  invalidValue: "無効な値です。",
  passwordMismatch: "確認用パスワードが一致しません。",
  oldPasswordIncorrect: "元のパスワードが間違っています。もう一度入力してください。",
  passwordResetDone: "新しいパスワードが設定されました。",
  passwordChanged: "新しいパスワードが保存されました。",
  zipcode: ContactFormatMessage.zipcode,
  phone: ContactFormatMessage.phone,
  prefecture: (value: string) => `"${value}" は都道府県として正しくありません。`,
  bankAccountLocked: "口座情報は変更できません。お手数ですがお問い合わせください。",
  uploadNotFound: (id: string) => `無効な主キー "${id}" - オブジェクトは存在しません。`,
  tooManyFiles: (max: number) => `ファイルは${max}個までです。`,
  notIdentityUpload: (id: string) => `ファイル ${id} は本人確認書類ではありません。`,
  preEntryNotFound: "事前審査の結果がありません。",
  preEntryDeclinedTaxDelinquency: "税金の滞納があるため、お申し込みいただけません。",
  preEntryDeclinedNoInvoice: "適格請求書（インボイス）を発行していないため、お申し込みいただけません。",
} as const;

export const MailText = {
  activationSubject: (serviceName: string) => `【${serviceName}】メールアドレスのご確認`,
  activationBody: (serviceName: string, link: string) =>
    [
      `${serviceName}にご登録いただきありがとうございます。`,
      "",
      "以下のリンクを開いて、メールアドレスの確認を完了してください（有効期限は7日間です）。",
      link,
      "",
      "お心当たりのない場合は、このメールを破棄してください。",
    ].join("\n"),
  resetSubject: (serviceName: string) => `【${serviceName}】パスワード再設定のご案内`,
  resetBody: (serviceName: string, link: string) =>
    [
      `${serviceName}のパスワード再設定のお申し込みを受け付けました。`,
      "",
      "以下のリンクを開いて、新しいパスワードを設定してください（有効期限は24時間、一度だけ使えます）。",
      link,
      "",
      "お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
    ].join("\n"),
  passwordChangedSubject: (serviceName: string) => `【${serviceName}】パスワードを変更しました`,
  passwordChangedBody: (serviceName: string, changedAt: string, recoverLink: string) =>
    [
      `${serviceName}のログインパスワードを変更しました（${changedAt}）。`,
      "",
      "お心当たりのない場合は、第三者に変更された可能性があります。次のリンクからパスワードを再設定し、下記のお問い合わせ先までご連絡ください。",
      recoverLink,
    ].join("\n"),
} as const;
