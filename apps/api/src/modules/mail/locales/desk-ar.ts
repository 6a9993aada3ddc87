/**
 * Arabic, the source catalog of the e-mails the agency's desk sends a traveller: a transfer receipt
 * refused (with the reason), a hold extended, a refund sent.
 * desk-en.ts follows its keys (the type check fails on a missing one).
 */
export const deskAr = {
  facts: {
    payBefore: 'ادفع قبل',
    amount: 'المبلغ',
    reason: 'السبب',
    note: 'ملاحظة الموظف',
    refunded: 'المبلغ المُسترد',
    method: 'طريقة الاسترداد',
    refundReference: 'مرجع العملية',
    refundedSoFar: 'إجمالي ما استُرد',
    paid: 'المبلغ المدفوع',
    airlineFee: 'رسوم الإلغاء لدى شركة الطيران',
    agencyFee: 'رسوم الإلغاء لدى الوكالة',
    owed: 'المبلغ المستحق لك',
  },
  rejectionReasons: {
    'not-received': 'لم يصل إلى حساب الوكالة تحويل بهذا الرقم.',
    'amount-mismatch': 'المبلغ المحوَّل لا يطابق مبلغ الحجز.',
    unreadable: 'تعذّرت قراءة صورة الإشعار أو الملف.',
    'wrong-receipt': 'الإشعار يخص حجزاً آخر أو مستفيداً آخر.',
    other: 'لم نتمكن من مطابقة التحويل.',
  },
  refundMethods: {
    'bank-transfer': 'تحويل بنكي',
    card: 'إلى البطاقة',
    cash: 'نقداً',
    other: 'طريقة أخرى',
  },
  receiptRejected: {
    subject: 'لم نقبل إشعار التحويل للحجز {{reference}}',
    preheader: 'ارفع إشعاراً صحيحاً قبل {{deadline}} ليبقى حجزك قائماً.',
    heading: 'لم نتمكن من قبول إشعار التحويل',
    intro: 'راجعنا إشعار التحويل الذي أرسلته للحجز {{reference}} ولم نتمكن من قبوله.',
    next: 'ما زالت مقاعدك محجوزة حتى {{deadline}}. إن كنت قد حوّلت المبلغ فارفع إشعاراً واضحاً يظهر فيه المبلغ ورقم الحجز، أو تواصل معنا.',
    action: 'ارفع إشعاراً جديداً',
  },
  holdExtended: {
    subject: 'مدّدنا مهلة الدفع لحجزك {{reference}} حتى {{deadline}}',
    preheader: 'ادفع {{amount}} قبل {{deadline}}.',
    heading: 'مدّدنا مهلة الدفع',
    intro: 'بناءً على طلبك، مدّدنا حفظ مقاعدك حتى {{deadline}}. هذا التمديد يُمنح مرة واحدة فقط.',
    next: 'حوّل المبلغ قبل هذا الموعد ثم ارفع إشعار التحويل من صفحة الحجز، وإلا يُلغى الحجز تلقائياً.',
    action: 'ارفع إشعار التحويل',
  },
  refundRecorded: {
    subject: 'أعدنا إليك {{amount}} عن الحجز {{reference}}',
    preheader: 'أرسلنا إليك استرداداً بقيمة {{amount}}.',
    heading: 'أرسلنا إليك الاسترداد',
    intro: 'أعدنا إليك {{amount}} عن الحجز {{reference}}.',
    full: 'بهذا استرددت كامل المبلغ المدفوع.',
    partial: 'هذا استرداد جزئي من المبلغ المدفوع.',
    fullOwed: 'بهذا استرددت كامل المستحق لك {{owed}}: المبلغ المدفوع {{paid}} ناقص رسوم الإلغاء {{fee}}.',
    partialOwed: 'هذا جزء من المستحق لك {{owed}}: المبلغ المدفوع {{paid}} ناقص رسوم الإلغاء {{fee}}.',
    delay: 'قد يستغرق ظهور المبلغ في حسابك بضعة أيام بحسب البنك.',
    action: 'عرض الحجز',
  },
};

export type DeskMailCatalog = typeof deskAr;
