// Issue 27 item 1: the console's sign-in in Arabic, right to left (sign-in-strings.ts says why only the sign-in).
// Translator's notes: Modern Standard Arabic, as in the web app; "وحدة التحكم" for console (Microsoft's Arabic term);
// "المشغّل" for operator; the product name stays in Latin letters, isolated by the browser as a left-to-right run.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'وحدة تحكم Gatehouse',
  documentTitle: (page: string) => `${page} · وحدة تحكم Gatehouse`,
  signIn: {
    title: 'تسجيل الدخول',
    heading: 'تسجيل الدخول إلى وحدة التحكم',
    intro: 'يسجّل المشغّلون الدخول بحساب المشغّل الخاص بهم في Gatehouse.',
  },
  authenticate: {
    title: 'جارٍ تسجيل الدخول',
    heading: 'جارٍ تسجيل دخولك',
    working: 'جارٍ التحقق من رابط تسجيل الدخول…',
    failedHeading: 'لم يعمل رابط تسجيل الدخول هذا',
    backToSignIn: 'العودة إلى تسجيل الدخول',
  },
  theme: {
    label: 'المظهر',
    system: 'النظام',
    light: 'فاتح',
    dark: 'داكن',
  },
  // Translator's note: "العامل الثاني" for second factor; the code form follows the web app's wording
  // ("رموز الاسترداد", "تطبيق المصادقة"); the app names in the examples stay in Latin letters.
  secondFactor: {
    title: 'إعداد عامل ثانٍ',
    heading: 'أعدّ عاملاً ثانيًا للمتابعة',
    body: 'تطلب وحدة التحكم من كل مشغّل عاملاً ثانيًا: مفتاح مرور (جهازك أو مفتاح أمان أو مدير كلمات مرور) أو تطبيق مصادقة. أعدّ أحدهما ثم تابع.',
    continue: 'المتابعة إلى وحدة التحكم',
    checking: 'جارٍ التحقق…',
    stillRequired: 'لا يزال الخادم يطلب عاملاً ثانيًا. أضف مفتاح مرور أو أعدّ تطبيق مصادقة أعلاه، ثم تابع.',
    signOut: 'تسجيل الخروج',
  },
  confirmFactor: {
    title: 'أكّد هويتك',
    heading: 'أكّد هويتك',
    body: 'سجّلت الدخول برابط تسجيل دخول. تطلب وحدة التحكم أيضًا مفتاح المرور الذي أعددته لها.',
    bodyApp: 'سجّلت الدخول برابط تسجيل دخول. تطلب وحدة التحكم أيضًا رمزًا من تطبيق المصادقة الذي أعددته لها.',
    bodyBoth: 'سجّلت الدخول برابط تسجيل دخول. تطلب وحدة التحكم أيضًا مفتاح المرور أو رمزًا من تطبيق المصادقة.',
    usePasskey: 'استخدام مفتاح المرور',
    working: 'في انتظار مفتاح المرور…',
    failed: 'لم يُقبل مفتاح المرور. حاول مرة أخرى، أو سجّل الخروج ثم سجّل الدخول بمفتاح المرور.',
    stillRequired: 'لا يزال الخادم يطلب العامل الثاني. استخدمه أعلاه.',
  },
  totp: {
    choiceHeading: 'أو استخدم تطبيق مصادقة',
    choiceBody:
      'تطبيق على هاتفك أو حاسوبك يعرض رمزًا جديدًا من 6 أرقام كل 30 ثانية (1Password وGoogle Authenticator وMicrosoft Authenticator وAuthy…).',
    setUp: 'إعداد تطبيق مصادقة',
    heading: 'إعداد تطبيق مصادقة',
    starting: 'جارٍ تجهيز تطبيق المصادقة…',
    startFailed: 'تعذّر تجهيز تطبيق المصادقة.',
    tryAgain: 'إعادة المحاولة',
    usePasskeyInstead: 'استخدام مفتاح مرور بدلاً من ذلك',
    scanStep: '1. امسح رمز QR هذا بالتطبيق.',
    qrAlt: 'رمز QR لإضافة وحدة تحكم Gatehouse إلى تطبيق المصادقة',
    secretLabel: 'أو اكتب هذا المفتاح في التطبيق:',
    copySecret: 'نسخ المفتاح',
    secretCopied: 'تم نسخ المفتاح.',
    codesStep: '2. احفظ رموز الاسترداد.',
    codesHeading: 'رموز الاسترداد',
    codesHint:
      'يتيح لك كل رمز الدخول مرة واحدة إذا فقدت التطبيق. لن تظهر إلا الآن: احفظها في مدير كلمات مرور أو في مكان آمن.',
    copyCodes: 'نسخ الرموز',
    downloadCodes: 'تنزيل الرموز',
    codesCopied: 'تم نسخ الرموز.',
    copyFailed: 'تعذّر النسخ هنا. حدّد النص وانسخه، أو نزّل الملف.',
    codesFileName: 'gatehouse-console-recovery-codes.txt',
    savedCodes: 'حفظتُ رموز الاسترداد',
    confirmStep: '3. أدخل الرمز الذي يعرضه التطبيق.',
    codeLabel: 'رمز من 6 أرقام من التطبيق',
    savedFirst: 'حدّد «حفظتُ رموز الاسترداد» أولاً.',
    confirm: 'التأكيد والمتابعة',
    enterCode: 'أدخل رمزًا من تطبيق المصادقة',
    or: 'أو',
    submitCode: 'تأكيد الرمز',
    checkingCode: 'جارٍ التحقق من الرمز…',
    wrongCode:
      'هذا الرمز غير صحيح. أدخل أحدث رمز يعرضه التطبيق لوحدة تحكم Gatehouse (تتغيّر الرموز كل 30 ثانية).',
    tooMany: 'محاولات كثيرة جدًا. انتظر بضع دقائق، ثم حاول مرة أخرى برمز جديد.',
    codeFailed: 'تعذّر التحقق من الرمز.',
    confirmed: 'تم التأكيد.',
    useRecoveryCode: 'فقدت التطبيق؟ استخدم رمز استرداد',
    useAppCode: 'استخدام رمز من التطبيق',
    recoveryLabel: 'رمز الاسترداد',
    submitRecovery: 'استخدام رمز الاسترداد',
    wrongRecovery: 'رمز الاسترداد هذا غير صحيح، أو سبق استخدامه.',
  },
};
