// Issue 27 item 1: Arabic texts of the e-mails and text messages (Modern Standard Arabic). Typed against en.ts (a
// missing key fails the typecheck). Translator's notes:
// - Read right to left: the e-mail's HTML says dir="rtl", and the code, link, address and phone number sit in
//   left-to-right spans inside it (infra/message-strings/layout.ts).
// - Western digits (0-9), as Intl's "ar" formats them and as the code is typed: the code must stay the only 6-digit
//   number of the text (the outbox and SMS autofill read it).
// - Plurals use all six CLDR forms: 0 zero, 1 one, 2 two (dual), 3–10 few (plural noun), 11–99 many (singular
//   accusative noun), 100+ other (singular genitive noun).
// - "رمز التحقق" for passcode, "مفتاح المرور" for passkey, "تطبيق المصادقة", "رموز الاسترداد".
// - The SMS is UCS-2 (70 characters a segment): code first, then whose code, the lifetime and "do not share it"
//   ("لا تشاركه", without "مع أحد", "with anyone", which took it to 72 characters with a 9-letter project name).
import type { MessageCatalog } from './index';

export const ar: MessageCatalog = {
  'email.pasteLink': 'أو الصق هذا الرابط في متصفحك:',

  'magicLink.login.subject': 'رابط تسجيل الدخول إلى {project}',
  'magicLink.login.action': 'تسجيل الدخول',
  'magicLink.login.intro': 'انقر على الرابط أدناه لتسجيل الدخول إلى {project}.',
  'magicLink.signup.subject': 'أكمل التسجيل في {project}',
  'magicLink.signup.action': 'إكمال التسجيل',
  'magicLink.signup.intro': 'انقر على الرابط أدناه لإكمال إنشاء حسابك في {project}.',
  'magicLink.outro':
    'تنتهي صلاحية هذا الرابط خلال {lifetime} ويعمل مرة واحدة فقط. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',

  'otp.sms': '{code} هو رمز التحقق في {project}. صالح لمدة {lifetime}. لا تشاركه.',
  'otp.login.subject': 'رمز التحقق الخاص بك في {project}',
  'otp.login.intro': 'أدخل رمز التحقق هذا لتسجيل الدخول إلى {project}:',
  'otp.signup.subject': 'رمز التحقق لإكمال التسجيل في {project}',
  'otp.signup.intro': 'أدخل رمز التحقق هذا لإكمال إنشاء حسابك في {project}:',
  'otp.outro':
    'تنتهي صلاحية رمز التحقق هذا خلال {lifetime} ويعمل مرة واحدة فقط. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',

  'reset.requested.subject': 'إعادة تعيين كلمة مرور {project}',
  'reset.requested.intro': 'انقر على الرابط أدناه لتعيين كلمة مرور جديدة لحسابك في {project}.',
  'reset.belowPolicy.subject': 'يرجى اختيار كلمة مرور جديدة لـ {project}',
  'reset.belowPolicy.intro':
    'لقد سجّلت الدخول للتو إلى {project} بكلمة مرور أقصر مما يطلبه {project} الآن. ما زالت تعمل، لكن يرجى النقر على الرابط أدناه لاختيار كلمة مرور جديدة.',
  'reset.action': 'إعادة تعيين كلمة المرور',
  'reset.outro':
    'تنتهي صلاحية هذا الرابط خلال {lifetime} ويعمل مرة واحدة فقط. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',

  'signInAfterFailures.subject': {
    one: 'تسجيل دخول جديد إلى حسابك في {project} بعد محاولة فاشلة واحدة',
    two: 'تسجيل دخول جديد إلى حسابك في {project} بعد محاولتين فاشلتين',
    few: 'تسجيل دخول جديد إلى حسابك في {project} بعد {count} محاولات فاشلة',
    many: 'تسجيل دخول جديد إلى حسابك في {project} بعد {count} محاولة فاشلة',
    other: 'تسجيل دخول جديد إلى حسابك في {project} بعد {count} محاولة فاشلة',
  },
  'signInAfterFailures.intro': {
    one: 'سجّل شخص ما الدخول إلى حسابك في {project} بكلمة مرورك في {when}، بعد محاولة فاشلة واحدة.',
    two: 'سجّل شخص ما الدخول إلى حسابك في {project} بكلمة مرورك في {when}، بعد محاولتين فاشلتين متتاليتين.',
    few: 'سجّل شخص ما الدخول إلى حسابك في {project} بكلمة مرورك في {when}، بعد {count} محاولات فاشلة متتالية.',
    many: 'سجّل شخص ما الدخول إلى حسابك في {project} بكلمة مرورك في {when}، بعد {count} محاولة فاشلة متتالية.',
    other:
      'سجّل شخص ما الدخول إلى حسابك في {project} بكلمة مرورك في {when}، بعد {count} محاولة فاشلة متتالية.',
  },
  'signInAfterFailures.advice':
    'إذا كنت أنت، فلا داعي لأي إجراء. وإن لم تكن أنت، فقد يعرف أحدهم كلمة مرورك: أعد تعيينها الآن عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول إلى {project}.',

  'notice.label.changed': 'وقت التغيير',
  'notice.label.signedIn': 'وقت تسجيل الدخول',
  'notice.label.lastAttempt': 'آخر محاولة',
  'notice.label.device': 'الجهاز',
  'notice.label.ip': 'عنوان IP',
  'notice.unknownDevice': 'جهاز غير معروف',
  'notice.unknownIp': 'غير معروف',
  'notice.ifYou.nothing': 'إذا كنت أنت، فلا داعي لأي إجراء.',
  'notice.takeBack':
    'إن لم تكن أنت، فقد يكون شخص آخر مسجّلًا الدخول إلى حسابك. سجّل الدخول إلى {project} بنفسك الآن، و{remove}، وراجع مفاتيح المرور وتطبيق المصادقة والجلسات، وأعد تعيين كلمة مرورك عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.',
  'notice.takeBack.plain':
    'إن لم تكن أنت، فقد يكون شخص آخر مسجّلًا الدخول إلى حسابك. سجّل الدخول إلى {project} بنفسك الآن، وراجع مفاتيح المرور وتطبيق المصادقة والجلسات، وأعد تعيين كلمة مرورك عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.',
  'notice.remove.passkey': 'احذف مفتاح المرور هذا',
  'notice.remove.authenticator': 'احذف تطبيق المصادقة',
  'notice.remove.setUpAuthenticatorAgain': 'أعد إعداد تطبيق المصادقة',
  'notice.remove.email': 'احذف هذا العنوان',
  'notice.remove.phone': 'احذف رقم الهاتف هذا',
  'notice.closing':
    'هذا إشعار أمان تلقائي من {project}. لا يحتوي على أي رابط ولا يطلب أبدًا كلمة مرور أو رمزًا: للتصرّف، افتح صفحة تسجيل الدخول إلى {project} بنفسك. إذا احتجت إلى مساعدة، فتواصل مع دعم {project}.',
  'notice.sms': '{project}: {what} في {when} ({device}، IP {ip}). {advice}',
  'notice.sms.takeBack': 'لست أنت؟ سجّل الدخول وراجع المفاتيح والجلسات وأعد تعيين كلمة المرور.',
  'notice.sms.resetAndReview': 'لست أنت؟ أعد تعيين كلمة المرور الآن وراجع جلساتك.',

  'notice.passwordSet.subject': 'تم تعيين كلمة مرور لحسابك في {project}',
  'notice.passwordSet.happened': 'تم تعيين كلمة مرور لحسابك في {project}. يمكن الآن استخدامها لتسجيل الدخول.',
  'notice.passwordSet.ifNotYou':
    'إن لم تكن أنت، فبإمكان شخص آخر الآن تسجيل الدخول بكلمة المرور هذه. أعد تعيينها الآن عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول إلى {project}، ثم سجّل الدخول وراجع مفاتيح المرور وتطبيق المصادقة والجلسات.',
  'notice.passwordSet.sms': 'تم تعيين كلمة مرور لحسابك',

  'notice.passwordChanged.subject': 'تم تغيير كلمة مرورك في {project}',
  'notice.passwordChanged.happened':
    'تم تغيير كلمة مرور حسابك في {project}. وتم تسجيل الخروج من جلساتك الأخرى.',
  'notice.passwordChanged.ifNotYou':
    'إن لم تكن أنت، فهناك شخص آخر يعرف كلمة مرورك الجديدة. أعد تعيينها الآن عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول إلى {project}، ثم سجّل الدخول وراجع مفاتيح المرور وتطبيق المصادقة والجلسات.',
  'notice.passwordChanged.sms': 'تم تغيير كلمة مرورك',

  'notice.passkeyAdded.subject': 'تمت إضافة مفتاح مرور إلى حسابك في {project}',
  'notice.passkeyAdded.happened':
    'تمت إضافة مفتاح مرور باسم «{name}» إلى حسابك في {project}. يمكن استخدامه لتسجيل الدخول.',
  'notice.passkeyAdded.sms': 'تمت إضافة مفتاح مرور إلى حسابك',

  'notice.passkeyRemoved.subject': 'تمت إزالة مفتاح مرور من حسابك في {project}',
  'notice.passkeyRemoved.happened':
    'تمت إزالة مفتاح المرور المسمّى «{name}» من حسابك في {project}. لم يعد من الممكن استخدامه لتسجيل الدخول.',
  'notice.passkeyRemoved.sms': 'تمت إزالة مفتاح مرور من حسابك',

  'notice.totpAdded.subject': 'تمت إضافة تطبيق مصادقة إلى حسابك في {project}',
  'notice.totpAdded.happened':
    'تم إعداد تطبيق مصادقة للتحقق بخطوتين في حسابك في {project}. يمكن الآن استخدام رموزه لتسجيل الدخول.',
  'notice.totpAdded.sms': 'تمت إضافة تطبيق مصادقة إلى حسابك',

  'notice.totpRemoved.subject': 'تمت إزالة تطبيق المصادقة من حسابك في {project}',
  'notice.totpRemoved.happened':
    'تمت إزالة تطبيق المصادقة من حسابك في {project}. لم يعد تسجيل الدخول يطلب رموزه، ولم تعد رموز الاسترداد الخاصة به تعمل.',
  'notice.totpRemoved.sms': 'تمت إزالة تطبيق المصادقة من حسابك',

  'notice.emailAdded.subject': 'تمت إضافة عنوان بريد إلكتروني إلى حسابك في {project}',
  'notice.emailAdded.happened':
    'تمت إضافة عنوان البريد الإلكتروني {email} إلى حسابك في {project}. يمكن استخدامه لتسجيل الدخول.',
  'notice.emailAdded.sms': 'تمت إضافة عنوان بريد إلكتروني إلى حسابك',

  'notice.phoneAdded.subject': 'تمت إضافة رقم هاتف إلى حسابك في {project}',
  'notice.phoneAdded.happened':
    'تمت إضافة رقم الهاتف {phone} إلى حسابك في {project}. يمكن استخدامه لتسجيل الدخول.',
  'notice.phoneAdded.sms': 'تمت إضافة رقم هاتف إلى حسابك',

  'notice.recoveryCodeUsed.subject': 'تم استخدام رمز استرداد لتسجيل الدخول إلى حسابك في {project}',
  'notice.recoveryCodeUsed.happened':
    'سجّل شخص ما الدخول إلى حسابك في {project} بأحد رموز الاسترداد الخاصة به. {left}',
  'notice.recoveryCodeUsed.left': {
    zero: 'لم يتبقَّ أي رمز استرداد.',
    one: 'تبقّى رمز استرداد واحد.',
    two: 'تبقّى رمزا استرداد.',
    few: 'تبقّت {count} رموز استرداد.',
    many: 'تبقّى {count} رمز استرداد.',
    other: 'تبقّى {count} رمز استرداد.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'إذا كنت أنت، فأعد إعداد تطبيق المصادقة للحصول على رموز استرداد جديدة.',
  'notice.recoveryCodeUsed.sms': 'تم استخدام رمز استرداد لتسجيل الدخول (المتبقي {count})',

  'notice.passwordLocked.subject': 'تم قفل تسجيل الدخول بكلمة المرور إلى حسابك في {project}',
  'notice.passwordLocked.happened': {
    one: 'لم يعد من الممكن استخدام كلمة مرورك في {project} لتسجيل الدخول: أُدخلت خطأً مرة واحدة.',
    two: 'لم يعد من الممكن استخدام كلمة مرورك في {project} لتسجيل الدخول: أُدخلت خطأً مرتين متتاليتين.',
    few: 'لم يعد من الممكن استخدام كلمة مرورك في {project} لتسجيل الدخول: أُدخلت خطأً {count} مرات متتالية.',
    many: 'لم يعد من الممكن استخدام كلمة مرورك في {project} لتسجيل الدخول: أُدخلت خطأً {count} مرة متتالية.',
    other: 'لم يعد من الممكن استخدام كلمة مرورك في {project} لتسجيل الدخول: أُدخلت خطأً {count} مرة متتالية.',
  },
  'notice.passwordLocked.ifYou':
    'لتسجيل الدخول بكلمة مرور مجددًا، أعد تعيينها عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول إلى {project}.',
  'notice.passwordLocked.ifNotYou':
    'إن لم تكن هذه المحاولات منك، فهناك من يحاول تخمين كلمة مرورك. أعد تعيينها على أي حال، واختر كلمة مرور لا تستخدمها في أي مكان آخر. إذا لم تتمكن من تسجيل الدخول، فتواصل مع دعم {project}.',
  'notice.passwordLocked.sms': {
    one: 'تم قفل تسجيل الدخول بكلمة المرور بعد محاولة فاشلة واحدة',
    two: 'تم قفل تسجيل الدخول بكلمة المرور بعد محاولتين فاشلتين متتاليتين',
    few: 'تم قفل تسجيل الدخول بكلمة المرور بعد {count} محاولات فاشلة متتالية',
    many: 'تم قفل تسجيل الدخول بكلمة المرور بعد {count} محاولة فاشلة متتالية',
    other: 'تم قفل تسجيل الدخول بكلمة المرور بعد {count} محاولة فاشلة متتالية',
  },
  'notice.passwordLocked.smsAdvice': 'أعد تعيين كلمة المرور لاستخدامها مجددًا.',

  'notice.totpLocked.subject': 'تم قفل رموز المصادقة في حسابك في {project}',
  'notice.totpLocked.happened': {
    one: 'لم يعد من الممكن استخدام رموز تطبيق المصادقة لتسجيل الدخول إلى حسابك في {project}: أُدخل رمز خاطئ واحد.',
    two: 'لم يعد من الممكن استخدام رموز تطبيق المصادقة لتسجيل الدخول إلى حسابك في {project}: أُدخل رمزان خاطئان متتاليان.',
    few: 'لم يعد من الممكن استخدام رموز تطبيق المصادقة لتسجيل الدخول إلى حسابك في {project}: أُدخلت {count} رموز خاطئة متتالية.',
    many: 'لم يعد من الممكن استخدام رموز تطبيق المصادقة لتسجيل الدخول إلى حسابك في {project}: أُدخل {count} رمزًا خاطئًا متتاليًا.',
    other:
      'لم يعد من الممكن استخدام رموز تطبيق المصادقة لتسجيل الدخول إلى حسابك في {project}: أُدخل {count} رمز خاطئ متتالٍ.',
  },
  'notice.totpLocked.ifYou':
    'لتسجيل الدخول، استخدم أحد رموز الاسترداد بدلًا من ذلك، ثم أعد إعداد تطبيق المصادقة.',
  'notice.totpLocked.ifNotYou':
    'إن لم تكن هذه المحاولات منك، فقد تجاوز أحدهم الخطوة الأولى من تسجيل دخولك: أعد تعيين كلمة مرورك، وراجع جلساتك بعد تسجيل الدخول برمز استرداد. إذا لم تتمكن من تسجيل الدخول، فتواصل مع دعم {project}.',
  'notice.totpLocked.sms': {
    one: 'تم قفل رموز المصادقة بعد محاولة فاشلة واحدة',
    two: 'تم قفل رموز المصادقة بعد محاولتين فاشلتين متتاليتين',
    few: 'تم قفل رموز المصادقة بعد {count} محاولات فاشلة متتالية',
    many: 'تم قفل رموز المصادقة بعد {count} محاولة فاشلة متتالية',
    other: 'تم قفل رموز المصادقة بعد {count} محاولة فاشلة متتالية',
  },
  'notice.totpLocked.smsAdvice': 'سجّل الدخول برمز استرداد.',
};
