// Issue 27 item 1: the web application in Arabic. Same shape as strings.ts (typed WebStrings: a missing key fails
// the typecheck), loaded on demand (locale.ts). The page renders right to left (dir="rtl", issue 27 item 3).
//
// Translator's notes:
// - Modern Standard Arabic, addressed to the reader in the masculine singular as the generic form (the convention of
//   Arabic Google and Apple account pages); impersonal passives ("تم …") wherever that avoids the choice.
// - "تسجيل الدخول" / "تسجيل الخروج" for sign in / sign out; "مفتاح المرور" for passkey (Apple's and Google's
//   Arabic term); "رموز الاسترداد" for recovery codes; "تطبيق المصادقة" for authenticator app.
// - Values that read left to right (e-mail addresses, phone numbers, device, provider and passkey names, wallet
//   addresses) are wrapped in ltr() — Unicode isolates — so the bidirectional algorithm cannot reorder them or
//   drag the sentence's punctuation into them; the page does the same with dir="ltr" on the elements showing them.
// - Numbers stay in Western digits (0–9), as the codes, phone numbers and dates on the same page do; Arabic-Indic
//   digits next to a 6-digit code in Western digits confused readers. Plurals follow Arabic's six CLDR categories.
// - Arabic runs about as long as English; the question mark is "؟".
import { EN_STRINGS, type WebStrings } from '../strings';
import { ltr, pluralCategory } from './format';

export const strings: WebStrings = {
  productName: 'Gatehouse',
  documentTitle: {
    signIn: 'تسجيل الدخول · Gatehouse',
    account: 'حسابك · Gatehouse',
    authenticate: 'جارٍ تسجيل دخولك · Gatehouse',
    resetPassword: 'إعادة تعيين كلمة المرور · Gatehouse',
    stepUp: 'التحقق بخطوتين · Gatehouse',
    notFound: 'الصفحة غير موجودة · Gatehouse',
    configurationError: 'خطأ في الإعداد · Gatehouse',
  },
  navigation: {
    label: 'الرئيسية',
    signIn: 'تسجيل الدخول',
    account: 'الحساب',
  },
  footer: {
    label: 'أدوات المطوّرين',
    devOutbox: 'صندوق الصادر للتطوير',
    devOutboxHint: 'الرسائل الإلكترونية والنصية المرسلة أثناء التطوير',
    language: 'اللغة',
  },
  signIn: {
    heading: 'تسجيل الدخول إلى Gatehouse',
    widgetPlaceholder: 'أداة تسجيل الدخول غير متاحة في هذا الإصدار.',
    signedInAs: (email: string) => `أنت مسجّل الدخول باسم ${ltr(email)}.`,
    signedIn: 'أنت مسجّل الدخول.',
    goToAccount: 'الانتقال إلى حسابك',
  },
  account: {
    heading: 'حسابك',
    loading: 'جارٍ تحميل حسابك…',
    signedOut: 'لم تسجّل الدخول.',
    backToSignIn: 'تسجيل الدخول',
    emails: 'عناوين البريد الإلكتروني',
    noEmails: 'لا يوجد عنوان بريد إلكتروني',
    verified: 'تم التحقق',
    unverified: 'لم يتم التحقق',
    sessionStarted: 'وقت تسجيل الدخول',
    signOut: 'تسجيل الخروج من هذا الجهاز',
    signingOut: 'جارٍ تسجيل الخروج…',
    signOutFailed: 'تعذّر تسجيل الخروج. يُرجى المحاولة مرة أخرى.',
    passkeysSection: 'مفاتيح المرور',
    loadFailed: 'تعذّر التحميل. ستتم المحاولة مرة أخرى بعد قليل.',
    retry: 'إعادة المحاولة',
    remove: 'إزالة',
    removing: 'جارٍ الإزالة…',
    removeItem: (item: string) => `إزالة ${ltr(item)}`,
    removed: (item: string) => `تمت إزالة ${ltr(item)}.`,
    removeFailed: 'تعذّرت الإزالة. يُرجى المحاولة مرة أخرى.',
    contactSection: 'عناوين البريد الإلكتروني وأرقام الهاتف',
    phoneNumbers: 'أرقام الهاتف',
    noPhoneNumbers: 'لا يوجد رقم هاتف',
    addEmailHeading: 'إضافة عنوان بريد إلكتروني',
    addPhoneHeading: 'إضافة رقم هاتف',
    newEmailLabel: 'عنوان البريد الإلكتروني الجديد',
    newPhoneLabel: `رقم الهاتف الجديد (مع رمز الدولة، مثل ${ltr('+966512345678')})`,
    sendCode: 'إرسال الرمز',
    sendingCode: 'جارٍ الإرسال…',
    sendLinkInstead: 'إرسال رابط تسجيل دخول بدلاً من ذلك',
    codeSentTo: (destination: string) => `تم إرسال رمز من 6 أرقام إلى ${ltr(destination)}.`,
    linkSentTo: (destination: string) =>
      `تم إرسال رابط تسجيل دخول إلى ${ltr(destination)}. افتحه في هذا المتصفح لإضافة العنوان.`,
    codeLabel: 'الرمز',
    verify: 'تحقّق',
    verifying: 'جارٍ التحقق…',
    cancel: 'إلغاء',
    sendFailed: 'تعذّر إرسال الرمز. يُرجى التحقق من العنوان والمحاولة مرة أخرى.',
    verifyFailed: 'لم يعمل هذا الرمز. يُرجى التحقق منه والمحاولة مرة أخرى.',
    contactAdded: (destination: string) => `تمت إضافة ${ltr(destination)}.`,
    totpSection: 'تطبيق المصادقة',
    totpOff: 'لم يتم إعداد تطبيق مصادقة. يضيف التطبيق رمزًا من هاتفك كخطوة ثانية.',
    totpOn: 'تم إعداد تطبيق مصادقة.',
    totpSetUp: 'إعداد تطبيق مصادقة',
    totpStarting: 'جارٍ البدء…',
    totpStartFailed: 'تعذّر بدء الإعداد. يُرجى المحاولة مرة أخرى.',
    totpScan: 'امسح رمز QR هذا باستخدام تطبيق المصادقة.',
    totpQrAlt: 'رمز QR لإضافة هذا الحساب إلى تطبيق مصادقة',
    totpSecretLabel: 'أو أدخل هذا المفتاح يدويًا:',
    recoveryCodesHeading: 'رموز الاسترداد',
    recoveryCodesHint:
      'يتيح لك كل رمز تسجيل الدخول مرة واحدة إذا فقدت هاتفك. لن تظهر إلا الآن: احتفظ بها في مكان آمن.',
    copyCodes: 'نسخ الرموز',
    codesCopied: 'تم نسخ رموز الاسترداد.',
    copyFailed: 'تعذّر نسخ الرموز؛ حدّدها وانسخها يدويًا.',
    downloadCodes: 'تنزيل الرموز',
    // Translator's note: a file name, so ASCII only (and left to right in every file manager).
    recoveryCodesFileName: 'gatehouse-recovery-codes.txt',
    savedCodes: 'حفظتُ رموز الاسترداد',
    totpCodeLabel: 'الرمز من التطبيق',
    totpConfirm: 'إنهاء الإعداد',
    totpConfirmHint: 'احفظ رموز الاسترداد وحدّد المربع أولاً.',
    totpEnabled: 'تم إعداد تطبيق المصادقة.',
    totpRemoveLabel: 'إزالة تطبيق المصادقة',
    totpName: 'تطبيق المصادقة',
    recoveryCodesRemaining: (count: number) => {
      switch (pluralCategory('ar', count)) {
        case 'zero':
          return 'لم يتبقَّ أي رمز استرداد.';
        case 'one':
          return 'تبقّى رمز استرداد واحد.';
        case 'two':
          return 'تبقّى رمزا استرداد.';
        case 'few':
          return `تبقّت ${count} رموز استرداد.`;
        default:
          return `تبقّى ${count} رمز استرداد.`;
      }
    },
    sessionsSection: 'الجلسات النشطة',
    thisDevice: 'هذا الجهاز',
    unknownDevice: 'جهاز غير معروف',
    lastActive: 'آخر نشاط',
    ipAddress: 'عنوان IP',
    signOutOthers: 'تسجيل الخروج من كل مكان آخر',
    signingOutOthers: 'جارٍ تسجيل الخروج…',
    signedOutOthers: (count: number) => {
      switch (pluralCategory('ar', count)) {
        case 'zero':
          return 'لم يتم تسجيل الخروج من أي جلسة أخرى.';
        case 'one':
          return 'تم تسجيل الخروج من جلسة أخرى واحدة.';
        case 'two':
          return 'تم تسجيل الخروج من جلستين أخريين.';
        case 'few':
          return `تم تسجيل الخروج من ${count} جلسات أخرى.`;
        default:
          return `تم تسجيل الخروج من ${count} جلسة أخرى.`;
      }
    },
    signOutOthersFailed: 'تعذّر تسجيل الخروج من الجلسات الأخرى. يُرجى المحاولة مرة أخرى.',
    noOtherSessions: 'لا توجد جلسة أخرى مسجّلة الدخول.',
    signOutSession: 'تسجيل الخروج',
    signOutSessionLabel: (device: string) => `تسجيل خروج ${ltr(device)}`,
    confirmSignOutSessionTitle: (device: string) => `تسجيل خروج ${ltr(device)}؟`,
    confirmSignOutSession: 'سيتم تسجيل خروج ذلك الجهاز أو المتصفح من هذا الحساب فورًا.',
    signedOutSession: (device: string) => `تم تسجيل خروج ${ltr(device)}.`,
    signOutSessionFailed: 'تعذّر تسجيل خروج تلك الجلسة. يُرجى المحاولة مرة أخرى.',
    dismiss: 'إغلاق',
    dismissToast: (message: string) => `إغلاق: ${message}`,
    notifications: 'الإشعارات',
    providersSection: 'الحسابات المرتبطة',
    noProviders: 'لا يوجد حساب تواصل اجتماعي مرتبط.',
    unlink: 'إلغاء الربط',
    unlinkProvider: (provider: string) => `إلغاء ربط ${ltr(provider)}`,
    unlinking: 'جارٍ إلغاء الربط…',
    unlinked: (provider: string) => `تم إلغاء ربط ${ltr(provider)}.`,
    unlinkFailed: 'تعذّر إلغاء ربط هذا الحساب. يُرجى المحاولة مرة أخرى.',
    // Brand names stay as their owners write them: the English table's, shared.
    providerNames: EN_STRINGS.account.providerNames,
    profileSection: 'الملف الشخصي',
    nameLabel: 'الاسم',
    primaryEmailLabel: 'عنوان البريد الإلكتروني',
    primaryPhoneLabel: 'رقم الهاتف',
    memberSince: 'عضو منذ',
    passkeysIntro: 'تتيح لك مفاتيح المرور تسجيل الدخول ببصمتك أو وجهك أو قفل الشاشة.',
    noPasskeysYet: 'ليس لديك مفاتيح مرور بعد. أضف واحدًا لتسجيل الدخول دون كلمة مرور أو رمز.',
    passkeyCreated: 'تاريخ الإضافة',
    passkeyLastUsed: 'آخر استخدام',
    passkeyNeverUsed: 'لم يُستخدم بعد',
    unnamedPasskey: 'مفتاح مرور',
    addPasskey: 'إضافة مفتاح مرور',
    addingPasskey: 'جارٍ الإضافة…',
    passkeyAdded: 'تمت إضافة مفتاح المرور.',
    passkeyAddFailed: 'لم تتم إضافة مفتاح المرور. يُرجى المحاولة مرة أخرى.',
    rename: 'إعادة التسمية',
    renamePasskey: (name: string) => `إعادة تسمية ${ltr(name)}`,
    passkeyNameLabel: 'اسم مفتاح المرور',
    save: 'حفظ',
    saving: 'جارٍ الحفظ…',
    passkeyNameEmpty: 'أدخل اسمًا لمفتاح المرور هذا.',
    passkeyRenamed: (name: string) => `أصبح اسم مفتاح المرور ${ltr(name)}.`,
    renameFailed: 'تعذّرت إعادة تسمية مفتاح المرور. يُرجى المحاولة مرة أخرى.',
    deletePasskey: (name: string) => `حذف ${ltr(name)}`,
    delete: 'حذف',
    deleting: 'جارٍ الحذف…',
    confirmRemoveTitle: (item: string) => `إزالة ${ltr(item)}؟`,
    confirmRemoveEmail:
      'لن تتمكن بعد الآن من تسجيل الدخول بعنوان البريد الإلكتروني هذا أو تلقي الرسائل عليه.',
    confirmRemovePhone: 'لن تتمكن بعد الآن من تسجيل الدخول برقم الهاتف هذا أو تلقي الرموز عليه.',
    confirmRemoveTotpTitle: 'إزالة تطبيق المصادقة؟',
    confirmRemoveTotp:
      'سيتوقف تسجيل الدخول بخطوتين: لن يُطلب منك رمز من التطبيق عند تسجيل الدخول، وستتوقف رموز الاسترداد عن العمل.',
    confirmDeletePasskeyTitle: (name: string) => `حذف مفتاح المرور ${ltr(name)}؟`,
    confirmDeletePasskey:
      'لن تتمكن بعد الآن من تسجيل الدخول بمفتاح المرور هذا. قد يظل ظاهرًا في مدير كلمات المرور لديك؛ أزِله من هناك أيضًا.',
    confirmUnlinkTitle: (provider: string) => `إلغاء ربط ${ltr(provider)}؟`,
    confirmUnlink: (provider: string) => `لن تتمكن بعد الآن من تسجيل الدخول باستخدام ${ltr(provider)}.`,
    confirmSignOutOthersTitle: 'تسجيل الخروج من كل مكان آخر؟',
    confirmSignOutOthers: 'سيتم تسجيل خروج كل الأجهزة والمتصفحات الأخرى المسجّلة الدخول إلى هذا الحساب.',
    lastWayToSignIn: 'هذه هي طريقتك الوحيدة لتسجيل الدخول. أضف طريقة أخرى قبل إزالتها.',
    walletsSection: 'المحافظ',
    removeWallet: (address: string) => `إزالة المحفظة ${ltr(address)}`,
    removeWalletConfirm: 'إزالة',
    removingWallet: 'جارٍ الإزالة…',
    confirmRemoveWalletTitle: 'إزالة هذه المحفظة؟',
    confirmRemoveWallet: (address: string) => `لن تتمكن بعد الآن من تسجيل الدخول بالمحفظة ${ltr(address)}.`,
    walletRemoved: (address: string) => `تمت إزالة المحفظة ${ltr(address)}.`,
    walletRemoveFailed: 'تعذّرت إزالة المحفظة. يُرجى المحاولة مرة أخرى.',
    noWallets: 'لا توجد محفظة مرتبطة.',
  },
  authenticate: {
    heading: 'جارٍ تسجيل دخولك',
    failedHeading: 'لم يعمل رابط تسجيل الدخول هذا',
    failedHint: 'تعمل روابط تسجيل الدخول مرة واحدة وتنتهي صلاحيتها. اطلب رابطًا جديدًا من صفحة تسجيل الدخول.',
    oauthFailedHeading: 'لم يكتمل تسجيل الدخول عبر الحساب الاجتماعي',
    oauthFailedHint: 'ارجع إلى صفحة تسجيل الدخول وحاول مرة أخرى، أو اختر طريقة أخرى لتسجيل الدخول.',
    providerDetail: 'التفاصيل:',
    backToSignIn: 'العودة إلى تسجيل الدخول',
  },
  stepUp: {
    heading: 'التحقق بخطوتين',
    codeIntro: 'أدخل الرمز من تطبيق المصادقة',
    codeLabel: 'رمز من 6 أرقام',
    codeHint: 'افتح تطبيق المصادقة واكتب الرمز المكوّن من 6 أرقام الذي يعرضه لهذا الحساب.',
    verify: 'تحقّق',
    verifying: 'جارٍ التحقق…',
    useRecoveryCode: 'استخدام رمز استرداد',
    recoveryIntro: 'أدخل أحد رموز الاسترداد التي حفظتها عند إعداد تطبيق المصادقة',
    recoveryLabel: 'رمز الاسترداد',
    recoveryHint: 'يعمل كل رمز استرداد مرة واحدة.',
    useRecoveryCodeSubmit: 'استخدام رمز الاسترداد',
    useAuthenticatorApp: 'استخدام تطبيق المصادقة بدلاً من ذلك',
    totpLocked:
      'تم قفل تطبيق المصادقة بعد عدد كبير من الرموز الخاطئة. أدخل أحد رموز الاسترداد للمتابعة؛ استخدامه يلغي قفل التطبيق.',
    signOut: 'تسجيل الخروج',
    checking: 'جارٍ التحقق من تسجيل دخولك…',
    genericError: 'لم ينجح ذلك. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.',
  },
  resetPassword: {
    heading: 'إعادة تعيين كلمة المرور',
    missingToken: 'رابط إعادة التعيين هذا غير مكتمل.',
    missingTokenHint:
      'تعمل روابط إعادة التعيين مرة واحدة وتنتهي صلاحيتها. اطلب رابطًا جديدًا من صفحة تسجيل الدخول.',
    continueToAccount: 'المتابعة إلى حسابك',
    backToSignIn: 'العودة إلى تسجيل الدخول',
  },
  notFound: {
    heading: 'الصفحة غير موجودة',
    body: 'لا يوجد شيء على هذا العنوان.',
    backToSignIn: 'الانتقال إلى صفحة تسجيل الدخول',
  },
  configurationError: {
    heading: 'خطأ في الإعداد',
    missingToken:
      'لا تحتوي هذه الصفحة على رمز مميّز عام. افتحها عبر خادم Gatehouse (npm start) بدلاً من فتحها كملف أو من خادم التطوير Vite وحده.',
  },
};
