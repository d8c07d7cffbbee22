import type { LegalDocument } from './types.ts';

/** Privacy Policy (in Turkish it also serves as the KVKK Article 10 information notice). */
export const privacyPolicy: Record<'en' | 'tr', LegalDocument> = {
  en: {
    title: 'Privacy Policy',
    lastUpdated: '2026-11-21',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'Sound Studio is operated by Sound Studio Ltd. Şti., Istanbul, Türkiye. For the Sound Studio service we run, we are the data controller of your personal data.',
          'This policy explains what we collect, why we collect it, and your rights under Turkish Personal Data Protection Law No. 6698 (KVKK) and, for users in the European Union, the General Data Protection Regulation (GDPR).',
          'Sound Studio can be self-hosted. When a person or organization runs their own instance, that operator is the data controller for it, and you should contact them about your data.',
        ],
      },
      {
        heading: 'Data we collect',
        paragraphs: [
          'Account data: your name, email address and password. We store your password only in hashed form, never as plain text.',
          'Usage data: your plan, your credit balance, a ledger of the credits granted and spent, and the generations you request.',
          'Content you submit: texts, prompts, uploaded audio and voice samples, and the audio we generate for you.',
          'Technical data: your IP address, which we use for security and rate limiting, and the session tokens that keep you signed in.',
          'Billing records: if you buy a paid plan, your subscription and invoice records.',
        ],
      },
      {
        heading: 'Voice samples',
        paragraphs: [
          'Voice samples can identify a person, so we treat them as sensitive data, close to biometric data. We process them only with your explicit consent and only to create and use the voice you asked for.',
          'If you upload someone else’s voice, you must have the right to do so and that person’s explicit consent.',
          'You can withdraw your consent at any time by deleting the voice. When you delete a voice, its samples are deleted too.',
          'We do not use voice samples for any other purpose, and we never sell them.',
        ],
      },
      {
        heading: 'Why we use your data and on what legal basis',
        paragraphs: [
          'To create and run your account, provide the features you use, and manage your credits and subscription: this is necessary to perform our contract with you (KVKK Art. 5(2)(c); GDPR Art. 6(1)(b)).',
          'To keep the service secure, prevent abuse and apply rate limits: our legitimate interests (KVKK Art. 5(2)(f); GDPR Art. 6(1)(f)).',
          'To keep invoices and other records required by law: compliance with our legal obligations (KVKK Art. 5(2)(ç); GDPR Art. 6(1)(c)).',
          'To process voice samples: your explicit consent (KVKK Art. 6; GDPR Art. 9(2)(a)).',
          'We also send service messages, such as security alerts and notices of price or policy changes. We do not send marketing messages without your consent.',
        ],
      },
      {
        heading: 'Sharing your data',
        paragraphs: [
          'We do not sell your personal data, and we do not share it for advertising.',
          'We share data only with service providers that help us run Sound Studio, such as hosting, payment and AI processing providers. They are bound by contract to protect it and to use it only on our instructions.',
          'We may disclose data to competent public authorities when the law requires it.',
          'If your data is transferred outside Türkiye, we do so in line with Article 9 of KVKK and, where the GDPR applies, with appropriate safeguards.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use only the cookies and browser storage needed to run Sound Studio: to keep you signed in, remember your language and theme, and store preferences such as recently used voices and player volume.',
          'We do not use advertising cookies or trackers.',
          'Because this storage is strictly necessary, it does not require consent. You can clear it in your browser, but you will be signed out and your preferences will be reset.',
        ],
      },
      {
        heading: 'How long we keep your data',
        paragraphs: [
          'We keep your account data and content for as long as your account exists. When you delete content such as a voice, we remove it from our active systems.',
          'If you ask us to delete your account, we delete your personal data from our active systems and remove it from backups within 30 days.',
          'Records we are legally required to keep, such as invoices, are kept for as long as the law requires, even after your account is deleted.',
          'Security data, such as IP addresses used for rate limiting, is kept only as long as needed for that purpose.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We protect your data with hashed passwords, encrypted connections (HTTPS) and access controls.',
          'Sign-in sessions can be revoked at any time and end automatically after 30 minutes of inactivity. Our activity logs leave out passwords, tokens and keys.',
          'No system is completely secure. If a breach affects your data, we will notify you and the authorities as the law requires.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Under Article 11 of KVKK and, where it applies, the GDPR, you have the right to learn whether we process your data, to get information about it and a copy of it, and to know why we process it and who we share it with.',
          'You can also ask us to correct or delete your data, object to its processing (including to a result that affects you and comes solely from automated processing), receive it in a portable format, and claim compensation for damage caused by unlawful processing.',
          'To exercise your rights, email privacy@soundstudio.example. We reply within 30 days at the latest, free of charge unless the law allows a fee.',
          'If you are not satisfied with our reply, you can complain to the Turkish Personal Data Protection Authority. Users in the EU can also complain to their local data protection authority.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Sound Studio is not for children under 13, and we do not knowingly collect their data. If we learn that a child under 13 has created an account, we will delete it.',
          'If you believe a child has given us personal data, please contact us.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'We may update this policy from time to time. We will notify you of significant changes in advance by email or in the app, and the date of the latest version is shown at the top.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'Data controller: Sound Studio Ltd. Şti., Istanbul, Türkiye.',
          'Email: privacy@soundstudio.example',
        ],
      },
    ],
  },
  tr: {
    title: 'Gizlilik Politikası',
    lastUpdated: '2026-11-21',
    sections: [
      {
        heading: 'Veri Sorumlusu',
        paragraphs: [
          'Sound Studio, İstanbul’da yerleşik Sound Studio Ltd. Şti. tarafından işletilmektedir. Tarafımızca işletilen hizmet kapsamında kişisel verilerinizin veri sorumlusu Şirketimizdir.',
          'Bu politika, 6698 sayılı Kişisel Verilerin Korunması Kanunu’nun (“KVKK”) 10. maddesi uyarınca aydınlatma yükümlülüğümüzü yerine getirmek amacıyla hazırlanmıştır. Avrupa Birliği’ndeki kullanıcılarımız için Genel Veri Koruma Tüzüğü (GDPR) de uygulanır.',
          'Sound Studio, kullanıcıların kendi sunucularında da barındırılabilir. Hizmeti kendi altyapısında çalıştıran kişi veya kurum, o kurulum bakımından veri sorumlusudur; verilerinizle ilgili talepleriniz için doğrudan ona başvurmalısınız.',
        ],
      },
      {
        heading: 'İşlediğimiz Kişisel Veriler',
        paragraphs: [
          'Hesap bilgileri: adınız, e-posta adresiniz ve şifreniz. Şifrenizi hiçbir zaman açık metin olarak değil, yalnızca özetlenmiş (hash) biçimde saklarız.',
          'Kullanım bilgileri: planınız, kredi bakiyeniz, tanımlanan ve harcanan kredilerin kaydı ve talep ettiğiniz üretimler.',
          'Paylaştığınız içerikler: metinler, istemler, yüklediğiniz ses kayıtları ve ses örnekleri ile sizin için üretilen sesler.',
          'Teknik veriler: güvenlik ve hız sınırlaması amacıyla kullandığımız IP adresiniz ile oturumunuzu açık tutan oturum anahtarları (token).',
          'Fatura kayıtları: ücretli bir plan satın aldığınızda abonelik ve fatura kayıtlarınız.',
        ],
      },
      {
        heading: 'Ses Örnekleri',
        paragraphs: [
          'Ses örnekleri bir kişiyi tanımlamaya elverişli olduğundan, bunları biyometrik veriye yakın, özel nitelikli kişisel veri olarak ele alırız. Ses örneklerinizi yalnızca açık rızanızla ve yalnızca talep ettiğiniz sesi oluşturup kullanmak amacıyla işleriz.',
          'Başka bir kişiye ait ses yüklüyorsanız, buna hakkınız olmalı ve o kişinin açık rızasını almış olmalısınız.',
          'Açık rızanızı, ilgili sesi silerek dilediğiniz zaman geri alabilirsiniz. Bir sesi sildiğinizde ona ait ses örnekleri de silinir.',
          'Ses örneklerini başka hiçbir amaçla kullanmayız ve hiçbir koşulda satmayız.',
        ],
      },
      {
        heading: 'İşleme Amaçları ve Hukuki Sebepler',
        paragraphs: [
          'Hesabınızı oluşturmak ve yönetmek, kullandığınız özellikleri sunmak, kredilerinizi ve aboneliğinizi yönetmek: sözleşmenin kurulması ve ifası (KVKK m. 5/2-c; GDPR m. 6/1-b).',
          'Hizmetin güvenliğini sağlamak, kötüye kullanımı önlemek ve hız sınırları uygulamak: meşru menfaatimiz (KVKK m. 5/2-f; GDPR m. 6/1-f).',
          'Faturalar gibi kanunen tutulması gereken kayıtları saklamak: hukuki yükümlülüğümüzün yerine getirilmesi (KVKK m. 5/2-ç; GDPR m. 6/1-c).',
          'Ses örneklerini işlemek: açık rızanız (KVKK m. 6; GDPR m. 9/2-a).',
          'Ayrıca güvenlik uyarıları ile fiyat veya politika değişikliklerine ilişkin bildirimler gibi hizmet mesajları göndeririz. Onayınız olmadan ticari elektronik ileti göndermeyiz.',
        ],
      },
      {
        heading: 'Kişisel Verilerin Aktarılması',
        paragraphs: [
          'Kişisel verilerinizi satmayız ve reklam amacıyla paylaşmayız.',
          'Verilerinizi yalnızca barındırma, ödeme ve yapay zekâ işleme hizmetleri gibi Sound Studio’yu çalıştırmamıza yardımcı olan hizmet sağlayıcılarla paylaşırız. Bu sağlayıcılar, verilerinizi korumak ve yalnızca talimatlarımız doğrultusunda kullanmakla sözleşmeyle yükümlüdür.',
          'Kanunen zorunlu olduğunda verilerinizi yetkili kamu kurum ve kuruluşlarıyla paylaşabiliriz.',
          'Verilerinizin yurt dışına aktarılması gerektiğinde bunu KVKK’nın 9. maddesine ve GDPR’ın uygulandığı durumlarda uygun güvencelere uygun olarak yaparız.',
        ],
      },
      {
        heading: 'Çerezler ve Yerel Depolama',
        paragraphs: [
          'Yalnızca Sound Studio’nun çalışması için gerekli çerezleri ve tarayıcı depolamasını kullanırız: oturumunuzu açık tutmak, dil ve tema seçiminizi hatırlamak ve son kullandığınız sesler ile oynatıcı ses düzeyi gibi tercihlerinizi saklamak için.',
          'Reklam çerezleri veya izleme araçları kullanmayız.',
          'Bu depolama hizmetin çalışması için zorunlu olduğundan onayınıza bağlı değildir. Dilerseniz tarayıcınızdan temizleyebilirsiniz; ancak bu durumda oturumunuz kapanır ve tercihleriniz sıfırlanır.',
        ],
      },
      {
        heading: 'Saklama Süreleri',
        paragraphs: [
          'Hesap bilgilerinizi ve içeriklerinizi hesabınız açık olduğu sürece saklarız. Bir ses gibi herhangi bir içeriği sildiğinizde, onu aktif sistemlerimizden kaldırırız.',
          'Hesabınızın silinmesini talep ettiğinizde kişisel verilerinizi aktif sistemlerimizden siler, yedeklerden de en geç 30 gün içinde kaldırırız.',
          'Faturalar gibi kanunen saklamakla yükümlü olduğumuz kayıtları, hesabınız silinse bile mevzuatın öngördüğü süre boyunca saklarız.',
          'Hız sınırlaması için kullanılan IP adresleri gibi güvenlik verilerini yalnızca bu amaç için gerekli olduğu süre boyunca tutarız.',
        ],
      },
      {
        heading: 'Veri Güvenliği',
        paragraphs: [
          'Şifreler özetlenerek (hash) saklanır, bağlantılar HTTPS ile şifrelenir ve verilere erişim yetkilendirmeyle sınırlandırılır.',
          'Oturumlar gerektiğinde sonlandırılabilir ve 30 dakika işlem yapılmadığında otomatik olarak kapanır. Etkinlik kayıtlarımızda şifre, oturum anahtarı ve API anahtarı gibi bilgiler yer almaz.',
          'Hiçbir sistem tamamen güvenli değildir. Verilerinizi etkileyen bir ihlal yaşanması hâlinde, kanunun öngördüğü şekilde sizi ve yetkili makamları bilgilendiririz.',
        ],
      },
      {
        heading: 'İlgili Kişi Olarak Haklarınız',
        paragraphs: [
          'KVKK’nın 11. maddesi ve uygulandığı durumlarda GDPR uyarınca; kişisel verilerinizin işlenip işlenmediğini öğrenme, işlenmişse buna ilişkin bilgi ve verilerinizin bir kopyasını talep etme, işleme amacını ve verilerin aktarıldığı üçüncü kişileri öğrenme haklarına sahipsiniz.',
          'Ayrıca verilerinizin düzeltilmesini veya silinmesini isteme, işlemeye ve münhasıran otomatik sistemlerle yapılan analizler sonucunda aleyhinize doğan sonuçlara itiraz etme, verilerinizi taşınabilir bir biçimde alma ve kanuna aykırı işleme nedeniyle uğradığınız zararın giderilmesini talep etme haklarınız vardır.',
          'Bu haklarınızı kullanmak için privacy@soundstudio.example adresine başvurabilirsiniz. Başvurunuzu en geç 30 gün içinde, kanunun ücret alınmasına izin verdiği durumlar dışında ücretsiz olarak sonuçlandırırız.',
          'Yanıtımızdan memnun kalmazsanız Kişisel Verileri Koruma Kurulu’na şikâyette bulunabilirsiniz. AB’deki kullanıcılarımız, bulundukları ülkenin veri koruma otoritesine de başvurabilir.',
        ],
      },
      {
        heading: 'Çocukların Gizliliği',
        paragraphs: [
          'Sound Studio 13 yaşından küçük çocuklara yönelik değildir ve bu yaştaki çocukların verilerini bilerek toplamayız. 13 yaşından küçük bir çocuğun hesap açtığını öğrenirsek hesabı sileriz.',
          'Bir çocuğun bize kişisel veri verdiğini düşünüyorsanız lütfen bizimle iletişime geçin.',
        ],
      },
      {
        heading: 'Politikadaki Değişiklikler',
        paragraphs: [
          'Bu politikayı zaman zaman güncelleyebiliriz. Önemli değişiklikleri e-posta veya uygulama içi bildirimle önceden duyururuz; güncel sürümün tarihi belgenin başında yer alır.',
        ],
      },
      {
        heading: 'İletişim',
        paragraphs: [
          'Veri sorumlusu: Sound Studio Ltd. Şti., İstanbul, Türkiye',
          'E-posta: privacy@soundstudio.example',
        ],
      },
    ],
  },
};
