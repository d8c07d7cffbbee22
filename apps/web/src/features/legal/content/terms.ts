import type { LegalDocument } from './types.ts';

/** Terms of Service shown in the legal modal (registration) and on the public legal route. */
export const termsOfService: Record<'en' | 'tr', LegalDocument> = {
  en: {
    title: 'Terms of Service',
    lastUpdated: '2026-11-21',
    sections: [
      {
        heading: 'Acceptance of these Terms',
        paragraphs: [
          'These Terms of Service (the “Terms”) govern your use of Sound Studio, an AI audio studio operated by Sound Studio Ltd. Şti., a limited company established in Türkiye (“we”, “us”).',
          'By creating an account or using Sound Studio, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the service.',
          'If you use Sound Studio on behalf of an organization, you confirm that you are authorized to accept these Terms for it.',
        ],
      },
      {
        heading: 'Eligibility',
        paragraphs: [
          'You must be at least 13 years old to use Sound Studio. The service is not intended for children under 13, and we do not knowingly allow them to create accounts.',
          'If you are under 18, or under the age of majority where you live, you may use Sound Studio only with the permission of a parent or legal guardian. They must also accept these Terms and make any payments.',
        ],
      },
      {
        heading: 'Your account and security',
        paragraphs: [
          'You need an account to use most features. Please give accurate information, including your name and a valid email address, and keep it up to date.',
          'You are responsible for keeping your password secure and for all activity under your account. Tell us promptly if you suspect unauthorized access.',
          'Your account is personal. Do not share your sign-in details, and do not sell or transfer your account to anyone else.',
        ],
      },
      {
        heading: 'The service, beta features and availability',
        paragraphs: [
          'Sound Studio offers text-to-speech with a library of 100+ voices in 50+ languages, music generation from a text prompt, voice design from a description, instant voice cloning from short clips, and a voice isolator that separates speech from background noise.',
          'Features marked as beta or new, such as music generation, may change, behave unexpectedly or be withdrawn. They are provided without any commitment on quality or availability.',
          'AI-generated audio can be inaccurate or unexpected. Please review what you generate before you publish it or rely on it.',
          'We work to keep Sound Studio available but cannot guarantee uninterrupted service. We may carry out maintenance and add, change or remove features; we will give reasonable notice of changes that significantly reduce what your paid plan includes.',
          'Sound Studio can also be self-hosted. If you use an instance run by someone else, that operator is responsible for it and its own terms may apply.',
        ],
      },
      {
        heading: 'Credits',
        paragraphs: [
          'Usage is measured in credits. Each plan includes a monthly credit allowance, and you can see your current balance in the app.',
          'Standard rates are: text-to-speech, 1 credit per character; music generation, 200 credits per 30 seconds of audio; creating a voice clone, 2,000 credits; voice isolator, 100 credits per started minute of audio.',
          'We never charge credits for a generation that failed. Credits reserved for a request that does not complete are returned to your balance.',
          'Unused credits roll over and remain available for up to 3 months, after which they expire. Credits have no cash value and cannot be transferred, sold or exchanged for money.',
          'When your balance runs out, new generations pause until your monthly allowance renews or you upgrade your plan.',
        ],
      },
      {
        heading: 'Plans, billing and price changes',
        paragraphs: [
          'Sound Studio offers Free, Starter, Creator, Pro and Enterprise plans. The features, credit allowance and price of each plan are shown on the pricing page.',
          'Paid plans are billed in advance, monthly or yearly, in US dollars. Yearly billing saves 20% compared with monthly billing; the monthly price shown for a yearly plan is the yearly amount divided by 12.',
          'Subscriptions renew automatically at the end of each billing period until you cancel. You can cancel at any time, and your plan stays active until the end of the period you have paid for.',
          'We may change our prices. We will notify you at least 30 days before a new price applies to you, and it takes effect from your first renewal after that notice; if you do not agree, you can cancel before then.',
          'Enterprise plans may be covered by a separate written agreement. If that agreement conflicts with these Terms, the agreement prevails.',
        ],
      },
      {
        heading: 'Refunds and plan changes',
        paragraphs: [
          'We offer a 14-day money-back guarantee. If you are not satisfied with a paid plan, contact us within 14 days of the payment and we will refund it in full.',
          'Refunds are made to the original payment method. Once a payment is refunded, the related subscription ends and the credits it granted are removed.',
          'Upgrades take effect immediately. You are charged a prorated amount for the rest of the current billing period.',
          'Downgrades take effect from your next billing cycle. Until then, you keep your current plan and its features.',
          'None of this affects your rights under mandatory consumer protection law, including Turkish Consumer Protection Law No. 6502.',
        ],
      },
      {
        heading: 'Acceptable use and voice cloning',
        paragraphs: [
          'Use Sound Studio lawfully and with respect for others. You may not create or spread content that is illegal, hateful, harassing, threatening or sexually exploitative, or that infringes anyone’s rights.',
          'You may clone a voice only if it is your own, or if you have the right to do so and the explicit consent of the person whose voice it is. We may ask you to show that consent.',
          'You may not use any voice, cloned or designed, to impersonate a real person, commit fraud, harass anyone, or create deceptive content such as fake statements presented as genuine.',
          'You may not write prompts that ask for the voice or style of a named real artist, or that aim to reproduce copyrighted works you have no rights to.',
          'You may not disrupt or overload the service, try to bypass rate limits, credit checks or security measures, or try to access other users’ data.',
        ],
      },
      {
        heading: 'Your content and our license',
        paragraphs: [
          'You keep all rights you have in your inputs, including texts, prompts, uploaded audio and voice samples.',
          'You grant us a limited, non-exclusive, royalty-free license to host, process and store your inputs only as needed to provide and secure the service for you. This license ends when you delete the content or your account, except for copies we must keep by law.',
          'Subject to these Terms and the usage rights of your plan, you may use the audio you generate, and we do not claim ownership of it. Whether generated audio is protected by copyright depends on the law where you use it.',
          'You are responsible for your inputs and for how you use generated audio, including having the rights needed for the texts, audio and voices you upload.',
        ],
      },
      {
        heading: 'Commercial use and API access',
        paragraphs: [
          'On the Starter, Creator, Pro and Enterprise plans, you may use generated audio commercially, for example in monetized videos, podcasts, games, ads and client work.',
          'The Free plan is for personal, non-commercial use only.',
          'API access is available on Starter and higher plans. API requests use credits at the same rates as the app and are subject to rate limits.',
          'Keep your API keys secret. You are responsible for all usage made with your keys, and you should replace any key you believe has been exposed.',
          'These Terms also apply to anything you build with the API, and you must not allow your own users to break them.',
        ],
      },
      {
        heading: 'Suspension and termination',
        paragraphs: [
          'You can stop using Sound Studio and ask us to delete your account at any time.',
          'We may suspend or close your account if you seriously or repeatedly breach these Terms, if the law requires it, or to protect other users or the service. Where reasonable, we will notify you first and explain why.',
          'If we close your account for reasons other than a breach on your part, we will refund the prepaid amount for the unused part of your billing period.',
          'When your account ends, your right to use the service ends, unused credits expire, and your data is deleted as described in our Privacy Policy. Provisions that by their nature should continue, such as liability and governing law, remain in force.',
        ],
      },
      {
        heading: 'Disclaimer',
        paragraphs: [
          'Sound Studio is provided “as is” and “as available”. To the extent permitted by law, we give no warranty that the service or its output will be error-free, uninterrupted or fit for a particular purpose.',
          'We are not responsible for how you or others use generated audio, or for content created by other users.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          'To the extent permitted by law, our total liability to you for all claims relating to Sound Studio is limited to the total payments you made to us in the 12 months before the event giving rise to the claim.',
          'We are not liable for indirect or consequential losses, such as loss of profits, revenue, data or goodwill.',
          'Nothing in these Terms limits liability for intent or gross negligence, or any other liability that cannot be limited under applicable law.',
        ],
      },
      {
        heading: 'Governing law and disputes',
        paragraphs: [
          'These Terms are governed by the laws of the Republic of Türkiye.',
          'The competent courts and enforcement offices of Istanbul (Türkiye) have jurisdiction over any dispute arising from these Terms.',
          'If you are a consumer, this does not affect your right to apply to consumer arbitration committees or consumer courts under Turkish consumer law, or any mandatory protection you have under the law of the country where you live.',
        ],
      },
      {
        heading: 'Changes to these Terms',
        paragraphs: [
          'We may update these Terms from time to time. We will notify you of significant changes in advance by email or in the app, and the date of the latest version is shown at the top.',
          'Price changes always come with at least 30 days’ notice. If you keep using Sound Studio after changes take effect, you accept the updated Terms; if you do not agree, you can cancel before then.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'Questions about these Terms? Contact us at support@soundstudio.example.',
          'Sound Studio Ltd. Şti., Istanbul, Türkiye.',
          'For privacy matters, please write to privacy@soundstudio.example.',
        ],
      },
    ],
  },
  tr: {
    title: 'Kullanım Koşulları',
    lastUpdated: '2026-11-21',
    sections: [
      {
        heading: 'Koşulların Kabulü',
        paragraphs: [
          'Bu Kullanım Koşulları (“Koşullar”), Türkiye’de kurulu Sound Studio Ltd. Şti. (“Şirket” veya “biz”) tarafından işletilen yapay zekâ destekli ses platformu Sound Studio’yu kullanımınızı düzenler.',
          'Hesap oluşturarak veya hizmeti kullanarak bu Koşulları ve Gizlilik Politikamızı kabul etmiş olursunuz. Koşulları kabul etmiyorsanız lütfen hizmeti kullanmayın.',
          'Sound Studio’yu bir kurum adına kullanıyorsanız, bu Koşulları o kurum adına kabul etmeye yetkili olduğunuzu beyan etmiş olursunuz.',
        ],
      },
      {
        heading: 'Yaş Sınırı ve Kullanım Ehliyeti',
        paragraphs: [
          'Sound Studio’yu kullanabilmek için en az 13 yaşında olmanız gerekir. Hizmet 13 yaşından küçük çocuklara yönelik değildir ve bu yaştaki kişilerin bilerek hesap açmasına izin vermeyiz.',
          '18 yaşından küçükseniz hizmeti yalnızca velinizin veya yasal temsilcinizin izniyle kullanabilirsiniz. Bu durumda Koşulları velinizin veya yasal temsilcinizin de kabul etmesi ve ödemeleri onun yapması gerekir.',
        ],
      },
      {
        heading: 'Hesabınız ve Güvenliği',
        paragraphs: [
          'Özelliklerin çoğunu kullanmak için hesap oluşturmanız gerekir. Adınız ve geçerli bir e-posta adresiniz dahil doğru bilgi vermeli ve bu bilgileri güncel tutmalısınız.',
          'Şifrenizi güvende tutmak ve hesabınız üzerinden yapılan tüm işlemler sizin sorumluluğunuzdadır. Hesabınıza yetkisiz erişildiğinden şüphelenirseniz bize vakit kaybetmeden bildirin.',
          'Hesabınız kişiseldir. Giriş bilgilerinizi başkalarıyla paylaşmamalı, hesabınızı satmamalı veya başkasına devretmemelisiniz.',
        ],
      },
      {
        heading: 'Hizmetin Kapsamı, Beta Özellikler ve Süreklilik',
        paragraphs: [
          'Sound Studio; 50’den fazla dilde 100’ü aşkın ses içeren kütüphanesiyle metinden sese dönüştürme, yazılı bir istemden müzik üretimi, tarif üzerinden ses tasarımı, kısa kayıtlardan anında ses klonlama ve konuşmayı arka plan gürültüsünden ayıran ses ayırıcı araçlarını sunar.',
          'Müzik üretimi gibi “beta” veya “yeni” olarak işaretlenen özellikler değişebilir, beklenmedik sonuçlar verebilir ya da kullanımdan kaldırılabilir. Bu özellikler herhangi bir kalite veya süreklilik taahhüdü olmaksızın sunulur.',
          'Yapay zekâ ile üretilen sesler hatalı veya beklenmedik olabilir. Ürettiğiniz içerikleri yayımlamadan ya da bunlara dayanarak işlem yapmadan önce kontrol etmenizi öneririz.',
          'Hizmeti kesintisiz sunmak için çalışırız, ancak bunu garanti edemeyiz. Bakım yapabilir, özellik ekleyebilir, değiştirebilir veya kaldırabiliriz; ücretli planınızın kapsamını önemli ölçüde daraltan değişiklikleri makul bir süre önceden bildiririz.',
          'Sound Studio, kullanıcıların kendi sunucularında da barındırılabilir. Başka bir işletmecinin kurduğu bir kurulumu kullanıyorsanız, o kurulumdan ilgili işletmeci sorumludur ve onun koşulları da geçerli olabilir.',
        ],
      },
      {
        heading: 'Krediler',
        paragraphs: [
          'Kullanım kredi ile ölçülür. Her plan aylık bir kredi hakkı içerir; güncel kredi bakiyenizi uygulamada görebilirsiniz.',
          'Standart tarifeler şöyledir: metinden sese dönüştürmede karakter başına 1 kredi, müzik üretiminde her 30 saniyelik ses için 200 kredi, ses klonu oluşturmada 2.000 kredi, ses ayırıcıda ise başlayan her dakika için 100 kredi.',
          'Başarısız olan üretimler için hiçbir zaman kredi düşülmez. Tamamlanamayan bir işlem için ayrılan krediler bakiyenize iade edilir.',
          'Kullanılmayan krediler sonraki aylara aktarılır ve en fazla 3 ay boyunca geçerli kalır; bu sürenin sonunda sona erer. Kredilerin nakdi karşılığı yoktur; başkasına devredilemez, satılamaz ve paraya çevrilemez.',
          'Bakiyeniz tükendiğinde yeni üretimler, aylık kredi hakkınız yenilenene veya planınızı yükseltene kadar duraklatılır.',
        ],
      },
      {
        heading: 'Planlar, Ödeme ve Fiyat Değişiklikleri',
        paragraphs: [
          'Sound Studio’da Free (Ücretsiz), Starter, Creator, Pro ve Enterprise planları bulunur. Her planın özellikleri, kredi hakkı ve fiyatı fiyatlandırma sayfasında yer alır.',
          'Ücretli planlar ABD doları üzerinden, aylık veya yıllık olarak peşin faturalandırılır. Yıllık ödemede aylık ödemeye göre %20 tasarruf edersiniz; yıllık planlarda gösterilen aylık fiyat, yıllık tutarın 12’ye bölünmesiyle hesaplanır.',
          'Aboneliğiniz, siz iptal edene kadar her fatura döneminin sonunda otomatik olarak yenilenir. Aboneliğinizi dilediğiniz zaman iptal edebilirsiniz; planınız ödemesini yaptığınız dönemin sonuna kadar geçerli kalır.',
          'Fiyatlarımızı değiştirebiliriz. Fiyat değişikliklerini size uygulanmaya başlamadan en az 30 gün önce bildiririz; yeni fiyat, bu bildirimden sonraki ilk yenilemenizde geçerli olur. Değişikliği kabul etmiyorsanız o tarihten önce aboneliğinizi iptal edebilirsiniz.',
          'Enterprise planlar için ayrıca yazılı bir sözleşme yapılabilir. Bu sözleşme ile Koşullar arasında çelişki olması hâlinde sözleşme hükümleri uygulanır.',
        ],
      },
      {
        heading: 'İade ve Plan Değişiklikleri',
        paragraphs: [
          '14 gün para iade garantisi sunuyoruz. Ücretli bir plandan memnun kalmazsanız ödeme tarihinden itibaren 14 gün içinde bize ulaşmanız yeterlidir; ödediğiniz tutarın tamamını iade ederiz.',
          'İadeler, ödemede kullandığınız yönteme yapılır. İade sonrasında ilgili abonelik sona erer ve bu abonelikle tanımlanan krediler hesabınızdan kaldırılır.',
          'Plan yükseltmeleri hemen geçerli olur. Mevcut fatura döneminin kalan kısmı için orantılı bir tutar tahsil edilir.',
          'Plan düşürmeleri bir sonraki fatura döneminden itibaren geçerli olur. O zamana kadar mevcut planınızı ve özelliklerini kullanmaya devam edersiniz.',
          'Bu hükümler, 6502 sayılı Tüketicinin Korunması Hakkında Kanun başta olmak üzere tüketici mevzuatından doğan haklarınızı sınırlamaz.',
        ],
      },
      {
        heading: 'Kullanım Kuralları ve Ses Klonlama',
        paragraphs: [
          'Sound Studio’yu hukuka uygun biçimde ve başkalarının haklarına saygı göstererek kullanmalısınız. Hukuka aykırı, nefret söylemi içeren, taciz veya tehdit niteliği taşıyan, cinsel istismar içeren ya da başkalarının haklarını ihlal eden içerikler üretemez ve yayamazsınız.',
          'Bir sesi yalnızca size aitse ya da buna hakkınız varsa ve ses sahibinin açık rızasını almışsanız klonlayabilirsiniz. Bu rızayı belgelemenizi isteyebiliriz.',
          'Klonlanmış veya tasarlanmış hiçbir sesi gerçek bir kişiyi taklit etmek, dolandırıcılık yapmak, birini taciz etmek ya da gerçekmiş gibi sunulan sahte beyanlar gibi yanıltıcı içerikler üretmek için kullanamazsınız.',
          'Adı belirtilen gerçek bir sanatçının sesini veya tarzını taklit etmeyi amaçlayan ya da üzerinde hakkınız bulunmayan telif korumalı eserleri yeniden üretmeye yönelik istemler yazamazsınız.',
          'Hizmeti aksatmaya veya aşırı yüklemeye, hız sınırlarını, kredi kontrollerini ya da güvenlik önlemlerini aşmaya veya diğer kullanıcıların verilerine erişmeye çalışamazsınız.',
        ],
      },
      {
        heading: 'İçeriklerinizin Hakları ve Lisans',
        paragraphs: [
          'Metinler, istemler, yüklediğiniz ses kayıtları ve ses örnekleri gibi girdileriniz üzerindeki haklarınız size aittir.',
          'Girdilerinizi yalnızca hizmeti size sunmak ve güvenliğini sağlamak için gerekli ölçüde barındırmamız, işlememiz ve saklamamız için bize sınırlı, münhasır olmayan ve bedelsiz bir lisans vermiş olursunuz. Bu lisans, içeriği veya hesabınızı sildiğinizde sona erer; kanunen saklamakla yükümlü olduğumuz kayıtlar bunun dışındadır.',
          'Ürettiğiniz sesleri bu Koşullar ve planınızın kullanım hakları çerçevesinde kullanabilirsiniz; bu sesler üzerinde mülkiyet iddia etmeyiz. Üretilen seslerin telif hakkıyla korunup korunmadığı, kullanıldıkları ülkenin hukukuna göre değişebilir.',
          'Girdilerinizden ve üretilen sesleri nasıl kullandığınızdan siz sorumlusunuz. Yüklediğiniz metin, ses kaydı ve ses örnekleri için gerekli haklara sahip olduğunuzdan emin olmalısınız.',
        ],
      },
      {
        heading: 'Ticari Kullanım ve API Erişimi',
        paragraphs: [
          'Starter, Creator, Pro ve Enterprise planlarında ürettiğiniz sesleri; gelir elde edilen videolar, podcast’ler, oyunlar, reklamlar ve müşteri projeleri gibi ticari amaçlarla kullanabilirsiniz.',
          'Ücretsiz plan yalnızca kişisel ve ticari olmayan kullanım içindir.',
          'API erişimi Starter ve üzeri planlarda sunulur. API istekleri, uygulamadaki tarifelerle aynı oranda kredi harcar ve hız sınırlarına tabidir.',
          'API anahtarlarınızı gizli tutmalısınız. Anahtarlarınızla yapılan tüm kullanımdan siz sorumlusunuz; ele geçirildiğini düşündüğünüz bir anahtarı vakit kaybetmeden yenileyin.',
          'API ile geliştirdiğiniz uygulamalar da bu Koşullara tabidir. Kendi kullanıcılarınızın bu Koşulları ihlal etmesine izin vermemelisiniz.',
        ],
      },
      {
        heading: 'Hesabın Askıya Alınması ve Sona Ermesi',
        paragraphs: [
          'Sound Studio’yu kullanmayı dilediğiniz zaman bırakabilir ve hesabınızın silinmesini talep edebilirsiniz.',
          'Bu Koşulları ciddi veya tekrarlanan biçimde ihlal etmeniz, kanunen gerekli olması ya da diğer kullanıcıları veya hizmeti korumamız gerekmesi hâlinde hesabınızı askıya alabilir veya kapatabiliriz. Makul olduğu durumlarda sizi önceden bilgilendirir ve gerekçesini açıklarız.',
          'Hesabınızı sizden kaynaklanmayan bir nedenle kapatırsak, peşin ödediğiniz tutarın kullanılmayan döneme ait kısmını iade ederiz.',
          'Hesabınız sona erdiğinde hizmeti kullanma hakkınız da sona erer, kullanılmayan kredileriniz geçerliliğini yitirir ve verileriniz Gizlilik Politikası’nda açıklandığı şekilde silinir. Sorumluluk ve uygulanacak hukuk gibi niteliği gereği devam etmesi gereken hükümler yürürlükte kalır.',
        ],
      },
      {
        heading: 'Sorumluluk Reddi',
        paragraphs: [
          'Sound Studio “olduğu gibi” ve “mevcut hâliyle” sunulur. Kanunların izin verdiği ölçüde, hizmetin veya üretilen içeriklerin hatasız, kesintisiz ya da belirli bir amaca uygun olacağına dair herhangi bir garanti vermeyiz.',
          'Üretilen seslerin sizin veya başkaları tarafından nasıl kullanıldığından ve diğer kullanıcıların oluşturduğu içeriklerden sorumlu değiliz.',
        ],
      },
      {
        heading: 'Sorumluluğun Sınırlandırılması',
        paragraphs: [
          'Kanunların izin verdiği ölçüde, Sound Studio ile ilgili tüm taleplerden doğan toplam sorumluluğumuz, talebe yol açan olaydan önceki 12 ay içinde bize yaptığınız ödemelerin toplamıyla sınırlıdır.',
          'Kâr, gelir, veri veya itibar kaybı gibi dolaylı zararlardan sorumlu değiliz.',
          'Bu Koşullardaki hiçbir hüküm, kast veya ağır ihmalden doğan sorumluluğumuzu ya da kanunen sınırlandırılamayan diğer sorumluluklarımızı sınırlamaz.',
        ],
      },
      {
        heading: 'Uygulanacak Hukuk ve Uyuşmazlıkların Çözümü',
        paragraphs: [
          'Bu Koşullar Türkiye Cumhuriyeti kanunlarına tabidir.',
          'Bu Koşullardan doğan uyuşmazlıklarda İstanbul (Türkiye) mahkemeleri ve icra daireleri yetkilidir.',
          'Tüketici sıfatıyla hareket ediyorsanız, tüketici mevzuatı uyarınca tüketici hakem heyetlerine veya tüketici mahkemelerine başvurma hakkınız ve yaşadığınız ülkenin hukukunun size tanıdığı emredici korumalar saklıdır.',
        ],
      },
      {
        heading: 'Koşullarda Yapılacak Değişiklikler',
        paragraphs: [
          'Bu Koşulları zaman zaman güncelleyebiliriz. Önemli değişiklikleri e-posta veya uygulama içi bildirimle önceden duyururuz; güncel sürümün tarihi belgenin başında yer alır.',
          'Fiyat değişiklikleri her zaman en az 30 gün önceden bildirilir. Değişiklikler yürürlüğe girdikten sonra hizmeti kullanmaya devam ederseniz güncel Koşulları kabul etmiş sayılırsınız; kabul etmiyorsanız bu tarihten önce aboneliğinizi iptal edebilirsiniz.',
        ],
      },
      {
        heading: 'İletişim',
        paragraphs: [
          'Bu Koşullarla ilgili sorularınız için support@soundstudio.example adresinden bize ulaşabilirsiniz.',
          'Sound Studio Ltd. Şti., İstanbul, Türkiye',
          'Kişisel verilerinizle ilgili talepleriniz için privacy@soundstudio.example adresine yazabilirsiniz.',
        ],
      },
    ],
  },
};
