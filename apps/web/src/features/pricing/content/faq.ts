/** Pricing page FAQ accordion, in English and Turkish. */
export const pricingFaq: Record<'en' | 'tr', { question: string; answer: string }[]> = {
  en: [
    {
      question: 'What are credits, and how many does each feature use?',
      answer:
        'Credits are how usage is measured in Sound Studio. Text-to-speech uses 1 credit per character, music generation 200 credits per 30 seconds, creating a voice clone 2,000 credits, and the voice isolator 100 credits per started minute of audio.',
    },
    {
      question: 'Do unused credits roll over?',
      answer:
        'Yes. Credits you don’t use carry over to the following months and stay available for up to 3 months before they expire.',
    },
    {
      question: 'What’s the difference between monthly and yearly billing?',
      answer:
        'Yearly billing saves you 20% compared with paying monthly. The monthly price shown for yearly plans is the yearly amount divided by 12, and all prices are in US dollars.',
    },
    {
      question: 'Can I change my plan later?',
      answer:
        'Yes, at any time. Upgrades apply immediately and you pay only a prorated amount for the rest of the current billing period; downgrades take effect from your next billing cycle.',
    },
    {
      question: 'Is there a money-back guarantee?',
      answer:
        'Yes. Every paid plan comes with a 14-day money-back guarantee: if Sound Studio isn’t right for you, contact support within 14 days of your payment for a full refund.',
    },
    {
      question: 'Can I use the audio I create commercially?',
      answer:
        'Yes, on the Starter, Creator and Pro plans, as well as Enterprise. The Free plan is for personal, non-commercial use only.',
    },
    {
      question: 'Which plans include API access?',
      answer:
        'API access is available on Starter and every plan above it. API requests use credits at the same rates as the app.',
    },
    {
      question: 'What happens if I run out of credits?',
      answer:
        'New generations pause until your monthly allowance renews, or you can upgrade to get more credits right away. Failed generations are never charged, so you only spend credits on audio you actually receive.',
    },
    {
      question: 'Can I cancel anytime?',
      answer:
        'Yes. You can cancel whenever you like, with no cancellation fee, and your plan stays active until the end of the period you’ve paid for.',
    },
  ],
  tr: [
    {
      question: 'Kredi nedir, hangi özellik kaç kredi harcar?',
      answer:
        'Sound Studio’daki kullanımınız kredi ile ölçülür. Metinden sese dönüştürme karakter başına 1 kredi, müzik üretimi her 30 saniye için 200 kredi, ses klonu oluşturma 2.000 kredi, ses ayırıcı ise başlayan her dakika için 100 kredi harcar.',
    },
    {
      question: 'Kullanmadığım krediler sonraki aya aktarılır mı?',
      answer:
        'Evet. Kullanmadığınız krediler sonraki aylara aktarılır ve süresi dolmadan önce en fazla 3 ay boyunca kullanılabilir.',
    },
    {
      question: 'Aylık ve yıllık ödeme arasındaki fark nedir?',
      answer:
        'Yıllık ödemede, aylık ödemeye göre %20 tasarruf edersiniz. Yıllık planlarda gösterilen aylık fiyat, yıllık tutarın 12’ye bölünmesiyle hesaplanır; tüm fiyatlar ABD doları cinsindendir.',
    },
    {
      question: 'Planımı daha sonra değiştirebilir miyim?',
      answer:
        'Evet, dilediğiniz zaman. Plan yükseltmeleri hemen geçerli olur ve yalnızca mevcut dönemin kalan kısmı için orantılı bir ücret ödersiniz; plan düşürmeleri ise bir sonraki fatura döneminden itibaren uygulanır.',
    },
    {
      question: 'Para iade garantisi var mı?',
      answer:
        'Evet. Tüm ücretli planlarda 14 gün para iade garantisi bulunur: Sound Studio beklentilerinizi karşılamazsa, ödemenizden itibaren 14 gün içinde destek ekibimize ulaşarak ödediğiniz tutarın tamamını geri alabilirsiniz.',
    },
    {
      question: 'Ürettiğim sesleri ticari amaçla kullanabilir miyim?',
      answer:
        'Evet; Starter, Creator ve Pro planlarında (ve Enterprise’da) ticari kullanım serbesttir. Ücretsiz plan yalnızca kişisel, ticari olmayan kullanım içindir.',
    },
    {
      question: 'API erişimi hangi planlarda var?',
      answer:
        'API erişimi Starter ve üzerindeki tüm planlarda sunulur. API istekleri, uygulamadaki tarifelerle aynı oranda kredi harcar.',
    },
    {
      question: 'Kredim biterse ne olur?',
      answer:
        'Aylık kredi hakkınız yenilenene kadar yeni üretimler duraklatılır; dilerseniz planınızı yükselterek hemen daha fazla krediye sahip olabilirsiniz. Başarısız üretimler için hiçbir zaman kredi düşülmez, yani yalnızca elinize ulaşan sesler için kredi harcarsınız.',
    },
    {
      question: 'Aboneliğimi istediğim zaman iptal edebilir miyim?',
      answer:
        'Evet. Aboneliğinizi herhangi bir iptal ücreti ödemeden dilediğiniz zaman iptal edebilirsiniz; planınız ödemesini yaptığınız dönemin sonuna kadar geçerli kalır.',
    },
  ],
};
