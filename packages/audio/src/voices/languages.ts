import type { Mood } from '../speech/types.ts';

/** A language the local engine speaks, with the sentence its voices use as a preview. */
export interface SpeechLanguage {
  /** BCP 47 tag, e.g. `en-US`, `pt-BR`, `yue`. */
  code: string;
  /** ISO 639 code the voice library filters on, e.g. `en`, `pt`, `zh`. */
  base: string;
  /** English name used in descriptions, e.g. `Brazilian Portuguese`. */
  name: string;
  /** eSpeak NG voice file that speaks it (`set_voice` name). */
  espeakVoice: string;
  previewText: string;
  /** Mood-specific preview lines for languages with grouped voices. */
  moodPreviews?: Partial<Record<Mood, string>>;
}

const ENGLISH_PREVIEW = "Hello! I'd love to read your stories, lessons and announcements in a clear, friendly voice.";
const ENGLISH_MOODS: Partial<Record<Mood, string>> = {
  happy: 'Good morning! What a lovely day to share some good news with you.',
  excited: "Wow, you did it! This is the best news I've heard all year!",
  calm: 'Take a slow breath in, and let it go. Everything is going to be fine.',
  sad: "I'm sorry. It's been a long, quiet day, and I miss the way things were.",
  angry: 'No! I told you twice already, and this time I mean it!',
};

/** Ordered so that the first entry for a base code is its default (e.g. `en` speaks American English). */
export const SPEECH_LANGUAGES: readonly SpeechLanguage[] = [
  { code: 'en-US', base: 'en', name: 'American English', espeakVoice: 'en-us', previewText: ENGLISH_PREVIEW, moodPreviews: ENGLISH_MOODS },
  { code: 'en-GB', base: 'en', name: 'British English', espeakVoice: 'en-gb-x-rp', previewText: ENGLISH_PREVIEW, moodPreviews: ENGLISH_MOODS },
  // eSpeak NG has no Australian English; these voices use its British pronunciation and say so in their description.
  { code: 'en-AU', base: 'en', name: 'Australian English (British pronunciation)', espeakVoice: 'en', previewText: "G'day! I'd love to read your stories, lessons and announcements in a clear, friendly voice." },
  { code: 'en-GB-scotland', base: 'en', name: 'Scottish English', espeakVoice: 'en-gb-scotland', previewText: ENGLISH_PREVIEW },
  { code: 'en-US-nyc', base: 'en', name: 'New York English', espeakVoice: 'en-us-nyc', previewText: ENGLISH_PREVIEW },
  { code: 'en-029', base: 'en', name: 'Caribbean English', espeakVoice: 'en-029', previewText: ENGLISH_PREVIEW },
  {
    code: 'tr', base: 'tr', name: 'Turkish', espeakVoice: 'tr',
    previewText: 'Merhaba! Hikâyelerinizi, derslerinizi ve duyurularınızı net ve samimi bir sesle okumaktan mutluluk duyarım.',
    moodPreviews: {
      happy: 'Günaydın! Size güzel haberlerim var, bugün harika bir gün.',
      excited: 'İnanamıyorum, başardın! Bu yılın en güzel haberi bu!',
      calm: 'Derin bir nefes al ve yavaşça bırak. Her şey yoluna girecek.',
      sad: 'Üzgünüm. Uzun ve sessiz bir gündü, eski günleri özlüyorum.',
      angry: 'Hayır! Bunu sana iki kez söyledim, bu sefer ciddiyim!',
    },
  },
  {
    code: 'es', base: 'es', name: 'European Spanish', espeakVoice: 'es',
    previewText: '¡Hola! Me encantará leer tus historias, lecciones y anuncios con una voz clara y cercana.',
    moodPreviews: {
      happy: '¡Buenos días! Qué día tan bonito para compartir buenas noticias contigo.',
      excited: '¡Lo lograste! ¡Es la mejor noticia de todo el año!',
      calm: 'Respira hondo y suelta el aire despacio. Todo va a salir bien.',
      sad: 'Lo siento. Ha sido un día largo y silencioso, y echo de menos cómo eran las cosas.',
      angry: '¡No! Ya te lo dije dos veces, y esta vez va en serio.',
    },
  },
  { code: 'es-419', base: 'es', name: 'Latin American Spanish', espeakVoice: 'es-419', previewText: '¡Hola! Con gusto leo tus historias, clases y anuncios con una voz clara y amigable.' },
  {
    code: 'fr-FR', base: 'fr', name: 'French', espeakVoice: 'fr',
    previewText: "Bonjour ! Je lirai avec plaisir vos histoires, vos leçons et vos annonces d'une voix claire et chaleureuse.",
    moodPreviews: {
      happy: 'Bonjour ! Quelle belle journée pour partager de bonnes nouvelles avec vous.',
      excited: "Vous avez réussi ! C'est la meilleure nouvelle de l'année !",
      calm: 'Inspirez lentement, puis relâchez. Tout va bien se passer.',
      sad: 'Je suis désolée. La journée a été longue et silencieuse, et le passé me manque.',
      angry: "Non ! Je vous l'ai déjà dit deux fois, et cette fois, c'est sérieux !",
    },
  },
  { code: 'fr-BE', base: 'fr', name: 'Belgian French', espeakVoice: 'fr-be', previewText: "Bonjour ! Je lirai avec plaisir vos histoires, vos leçons et vos annonces d'une voix claire et chaleureuse." },
  { code: 'fr-CH', base: 'fr', name: 'Swiss French', espeakVoice: 'fr-ch', previewText: "Bonjour ! Je lirai avec plaisir vos histoires, vos leçons et vos annonces d'une voix claire et chaleureuse." },
  {
    code: 'de', base: 'de', name: 'German', espeakVoice: 'de',
    previewText: 'Hallo! Ich lese dir gerne deine Geschichten, Lektionen und Ansagen mit klarer, freundlicher Stimme vor.',
    moodPreviews: {
      happy: 'Guten Morgen! Was für ein schöner Tag, um gute Nachrichten zu teilen.',
      excited: 'Du hast es geschafft! Das ist die beste Nachricht des ganzen Jahres!',
      calm: 'Atme langsam ein und lass die Luft wieder los. Alles wird gut.',
      sad: 'Es tut mir leid. Es war ein langer, stiller Tag, und ich vermisse, wie es früher war.',
      angry: 'Nein! Ich habe es dir schon zweimal gesagt, und diesmal meine ich es ernst!',
    },
  },
  { code: 'it', base: 'it', name: 'Italian', espeakVoice: 'it', previewText: 'Ciao! Leggerò con piacere le tue storie, lezioni e annunci con una voce chiara e cordiale.' },
  { code: 'pt-PT', base: 'pt', name: 'European Portuguese', espeakVoice: 'pt', previewText: 'Olá! Terei todo o gosto em ler as suas histórias, lições e anúncios com uma voz clara e simpática.' },
  {
    code: 'pt-BR', base: 'pt', name: 'Brazilian Portuguese', espeakVoice: 'pt-br',
    previewText: 'Oi! Vou adorar ler suas histórias, aulas e anúncios com uma voz clara e simpática.',
    moodPreviews: {
      happy: 'Bom dia! Que dia lindo para compartilhar boas notícias com você.',
      excited: 'Você conseguiu! É a melhor notícia do ano inteiro!',
      calm: 'Respire fundo e solte o ar devagar. Tudo vai ficar bem.',
      sad: 'Sinto muito. Foi um dia longo e silencioso, e sinto falta de como as coisas eram.',
      angry: 'Não! Eu já te disse duas vezes, e desta vez é sério!',
    },
  },
  { code: 'nl', base: 'nl', name: 'Dutch', espeakVoice: 'nl', previewText: 'Hallo! Ik lees je verhalen, lessen en aankondigingen graag voor met een heldere, vriendelijke stem.' },
  { code: 'pl', base: 'pl', name: 'Polish', espeakVoice: 'pl', previewText: 'Cześć! Z przyjemnością przeczytam twoje historie, lekcje i ogłoszenia wyraźnym, przyjaznym głosem.' },
  { code: 'ru', base: 'ru', name: 'Russian', espeakVoice: 'ru', previewText: 'Здравствуйте! Я с удовольствием прочитаю ваши истории, уроки и объявления ясным и дружелюбным голосом.' },
  { code: 'uk', base: 'uk', name: 'Ukrainian', espeakVoice: 'uk', previewText: 'Привіт! Я із задоволенням прочитаю ваші історії, уроки та оголошення чітким і приємним голосом.' },
  { code: 'cs', base: 'cs', name: 'Czech', espeakVoice: 'cs', previewText: 'Ahoj! Rád vám přečtu vaše příběhy, lekce i oznámení jasným a přátelským hlasem.' },
  { code: 'sk', base: 'sk', name: 'Slovak', espeakVoice: 'sk', previewText: 'Ahoj! Rada vám prečítam vaše príbehy, lekcie aj oznámenia jasným a priateľským hlasom.' },
  { code: 'sl', base: 'sl', name: 'Slovenian', espeakVoice: 'sl', previewText: 'Živjo! Z veseljem vam preberem zgodbe, lekcije in obvestila z jasnim in prijaznim glasom.' },
  { code: 'hr', base: 'hr', name: 'Croatian', espeakVoice: 'hr', previewText: 'Bok! Rado ću vam pročitati priče, lekcije i obavijesti jasnim i ugodnim glasom.' },
  { code: 'sr', base: 'sr', name: 'Serbian', espeakVoice: 'sr', previewText: 'Здраво! Радо ћу вам прочитати приче, лекције и обавештења јасним и пријатним гласом.' },
  { code: 'bs', base: 'bs', name: 'Bosnian', espeakVoice: 'bs', previewText: 'Zdravo! Rado ću vam pročitati priče, lekcije i obavještenja jasnim i prijatnim glasom.' },
  { code: 'bg', base: 'bg', name: 'Bulgarian', espeakVoice: 'bg', previewText: 'Здравейте! С удоволствие ще ви прочета истории, уроци и съобщения с ясен и приятен глас.' },
  { code: 'mk', base: 'mk', name: 'Macedonian', espeakVoice: 'mk', previewText: 'Здраво! Со задоволство ќе ви ги прочитам приказните, лекциите и соопштенијата со јасен и пријатен глас.' },
  { code: 'ro', base: 'ro', name: 'Romanian', espeakVoice: 'ro', previewText: 'Bună! Vă citesc cu plăcere poveștile, lecțiile și anunțurile, cu o voce clară și prietenoasă.' },
  { code: 'hu', base: 'hu', name: 'Hungarian', espeakVoice: 'hu', previewText: 'Szia! Szívesen felolvasom a történeteidet, leckéidet és közleményeidet tiszta, barátságos hangon.' },
  { code: 'el', base: 'el', name: 'Greek', espeakVoice: 'el', previewText: 'Γεια σας! Θα διαβάσω με χαρά τις ιστορίες, τα μαθήματα και τις ανακοινώσεις σας με καθαρή, φιλική φωνή.' },
  { code: 'sv', base: 'sv', name: 'Swedish', espeakVoice: 'sv', previewText: 'Hej! Jag läser gärna upp dina berättelser, lektioner och meddelanden med en tydlig och vänlig röst.' },
  { code: 'da', base: 'da', name: 'Danish', espeakVoice: 'da', previewText: 'Hej! Jeg læser gerne dine historier, lektioner og meddelelser op med en klar og venlig stemme.' },
  { code: 'nb', base: 'nb', name: 'Norwegian Bokmål', espeakVoice: 'nb', previewText: 'Hei! Jeg leser gjerne opp historiene, leksjonene og kunngjøringene dine med en klar og vennlig stemme.' },
  { code: 'fi', base: 'fi', name: 'Finnish', espeakVoice: 'fi', previewText: 'Hei! Luen mielelläni tarinasi, oppituntisi ja tiedotteesi selkeällä ja ystävällisellä äänellä.' },
  { code: 'et', base: 'et', name: 'Estonian', espeakVoice: 'et', previewText: 'Tere! Loen hea meelega ette sinu lood, õppetunnid ja teadaanded selge ja sõbraliku häälega.' },
  { code: 'lv', base: 'lv', name: 'Latvian', espeakVoice: 'lv', previewText: 'Sveiki! Es ar prieku nolasīšu jūsu stāstus, nodarbības un paziņojumus skaidrā un draudzīgā balsī.' },
  { code: 'lt', base: 'lt', name: 'Lithuanian', espeakVoice: 'lt', previewText: 'Labas! Mielai perskaitysiu jūsų istorijas, pamokas ir pranešimus aiškiu ir draugišku balsu.' },
  { code: 'is', base: 'is', name: 'Icelandic', espeakVoice: 'is', previewText: 'Halló! Ég les gjarnan sögurnar þínar, kennslustundir og tilkynningar með skýrri og vinalegri rödd.' },
  { code: 'ga', base: 'ga', name: 'Irish', espeakVoice: 'ga', previewText: "Dia duit! Léifidh mé do scéalta, do cheachtanna agus d'fhógraí os ard le guth soiléir cairdiúil." },
  { code: 'cy', base: 'cy', name: 'Welsh', espeakVoice: 'cy', previewText: "Helo! Byddaf yn falch o ddarllen eich straeon, eich gwersi a'ch cyhoeddiadau mewn llais clir a chyfeillgar." },
  { code: 'gd', base: 'gd', name: 'Scottish Gaelic', espeakVoice: 'gd', previewText: 'Halò! Leughaidh mi na sgeulachdan agad le guth soilleir, càirdeil.' },
  { code: 'eu', base: 'eu', name: 'Basque', espeakVoice: 'eu', previewText: 'Kaixo! Pozik irakurriko ditut zure istorioak, ikasgaiak eta iragarkiak ahots argi eta atsegin batez.' },
  { code: 'ca', base: 'ca', name: 'Catalan', espeakVoice: 'ca', previewText: 'Hola! Llegiré amb molt de gust les teves històries, lliçons i anuncis amb una veu clara i amable.' },
  { code: 'sq', base: 'sq', name: 'Albanian', espeakVoice: 'sq', previewText: "Përshëndetje! Me kënaqësi do t'ju lexoj tregimet, mësimet dhe njoftimet me një zë të qartë dhe miqësor." },
  { code: 'mt', base: 'mt', name: 'Maltese', espeakVoice: 'mt', previewText: "Bonġu! Nieħu pjaċir naqralek l-istejjer, il-lezzjonijiet u l-avviżi tiegħek b'leħen ċar u ħbiberi." },
  { code: 'lb', base: 'lb', name: 'Luxembourgish', espeakVoice: 'lb', previewText: 'Moien! Ech liesen Är Geschichten, Lektiounen an Ukënnegungen gär mat enger klorer a frëndlecher Stëmm vir.' },
  { code: 'af', base: 'af', name: 'Afrikaans', espeakVoice: 'af', previewText: "Hallo! Ek lees graag jou stories, lesse en aankondigings met 'n helder, vriendelike stem voor." },
  { code: 'sw', base: 'sw', name: 'Swahili', espeakVoice: 'sw', previewText: 'Habari! Nitafurahi kusoma hadithi, masomo na matangazo yako kwa sauti safi na ya kirafiki.' },
  { code: 'ar', base: 'ar', name: 'Arabic', espeakVoice: 'ar', previewText: 'مرحبًا! يسعدني أن أقرأ قصصك ودروسك وإعلاناتك بصوت واضح وودود.' },
  { code: 'he', base: 'he', name: 'Hebrew', espeakVoice: 'he', previewText: 'שלום! אשמח להקריא את הסיפורים, השיעורים וההודעות שלכם בקול ברור וידידותי.' },
  { code: 'fa', base: 'fa', name: 'Persian', espeakVoice: 'fa', previewText: 'سلام! با کمال میل داستان‌ها، درس‌ها و اطلاعیه‌های شما را با صدایی روشن و دوستانه می‌خوانم.' },
  { code: 'ur', base: 'ur', name: 'Urdu', espeakVoice: 'ur', previewText: 'السلام علیکم! میں خوشی سے آپ کی کہانیاں، اسباق اور اعلانات صاف اور دوستانہ آواز میں پڑھوں گی۔' },
  { code: 'hi', base: 'hi', name: 'Hindi', espeakVoice: 'hi', previewText: 'नमस्ते! मैं आपकी कहानियाँ, पाठ और घोषणाएँ साफ़ और दोस्ताना आवाज़ में खुशी से पढ़ूँगी।' },
  { code: 'bn', base: 'bn', name: 'Bengali', espeakVoice: 'bn', previewText: 'নমস্কার! আমি আনন্দের সঙ্গে আপনার গল্প, পাঠ এবং ঘোষণা স্পষ্ট ও বন্ধুত্বপূর্ণ কণ্ঠে পড়ে শোনাব।' },
  { code: 'pa', base: 'pa', name: 'Punjabi', espeakVoice: 'pa', previewText: 'ਸਤ ਸ੍ਰੀ ਅਕਾਲ! ਮੈਂ ਤੁਹਾਡੀਆਂ ਕਹਾਣੀਆਂ, ਪਾਠ ਅਤੇ ਐਲਾਨ ਸਾਫ਼ ਅਤੇ ਦੋਸਤਾਨਾ ਆਵਾਜ਼ ਵਿੱਚ ਪੜ੍ਹਾਂਗੀ।' },
  { code: 'gu', base: 'gu', name: 'Gujarati', espeakVoice: 'gu', previewText: 'નમસ્તે! હું તમારી વાર્તાઓ, પાઠ અને જાહેરાતો સ્પષ્ટ અને મૈત્રીપૂર્ણ અવાજમાં વાંચીશ.' },
  { code: 'mr', base: 'mr', name: 'Marathi', espeakVoice: 'mr', previewText: 'नमस्कार! मी तुमच्या गोष्टी, धडे आणि घोषणा स्पष्ट आणि मैत्रीपूर्ण आवाजात आनंदाने वाचून दाखवेन.' },
  { code: 'ne', base: 'ne', name: 'Nepali', espeakVoice: 'ne', previewText: 'नमस्ते! म तपाईंका कथा, पाठ र सूचनाहरू स्पष्ट र मित्रवत् आवाजमा खुसीसाथ पढ्नेछु।' },
  { code: 'ta', base: 'ta', name: 'Tamil', espeakVoice: 'ta', previewText: 'வணக்கம்! உங்கள் கதைகள், பாடங்கள் மற்றும் அறிவிப்புகளை தெளிவான, நட்பான குரலில் மகிழ்ச்சியுடன் படிக்கிறேன்.' },
  { code: 'te', base: 'te', name: 'Telugu', espeakVoice: 'te', previewText: 'నమస్కారం! మీ కథలు, పాఠాలు మరియు ప్రకటనలను స్పష్టమైన, స్నేహపూర్వక స్వరంతో సంతోషంగా చదువుతాను.' },
  { code: 'kn', base: 'kn', name: 'Kannada', espeakVoice: 'kn', previewText: 'ನಮಸ್ಕಾರ! ನಿಮ್ಮ ಕಥೆಗಳು, ಪಾಠಗಳು ಮತ್ತು ಪ್ರಕಟಣೆಗಳನ್ನು ಸ್ಪಷ್ಟ ಮತ್ತು ಸ್ನೇಹಪರ ಧ್ವನಿಯಲ್ಲಿ ಸಂತೋಷದಿಂದ ಓದುತ್ತೇನೆ.' },
  { code: 'ml', base: 'ml', name: 'Malayalam', espeakVoice: 'ml', previewText: 'നമസ്കാരം! നിങ്ങളുടെ കഥകളും പാഠങ്ങളും അറിയിപ്പുകളും വ്യക്തവും സൗഹൃദപരവുമായ ശബ്ദത്തിൽ ഞാൻ സന്തോഷത്തോടെ വായിക്കാം.' },
  { code: 'si', base: 'si', name: 'Sinhala', espeakVoice: 'si', previewText: 'ආයුබෝවන්! ඔබේ කතා, පාඩම් සහ නිවේදන පැහැදිලි, මිත්‍රශීලී හඬකින් කියවීමට මම සතුටුයි.' },
  { code: 'zh-CN', base: 'zh', name: 'Mandarin Chinese', espeakVoice: 'cmn', previewText: '你好！我很乐意用清晰、亲切的声音为你朗读故事、课程和通知。' },
  { code: 'yue', base: 'yue', name: 'Cantonese', espeakVoice: 'yue', previewText: '你好！我好樂意用清晰又親切嘅聲音，幫你讀故事、課堂同埋通告。' },
  // eSpeak reads Japanese kana but not kanji, so the preview is written in kana.
  { code: 'ja', base: 'ja', name: 'Japanese', espeakVoice: 'ja', previewText: 'こんにちは！あなたの ものがたりや レッスン、おしらせを、はっきりとした やさしい こえで よみあげます。' },
  { code: 'ko', base: 'ko', name: 'Korean', espeakVoice: 'ko', previewText: '안녕하세요! 여러분의 이야기와 수업, 안내 방송을 또렷하고 다정한 목소리로 읽어 드릴게요.' },
  { code: 'vi', base: 'vi', name: 'Vietnamese', espeakVoice: 'vi', previewText: 'Xin chào! Tôi rất vui được đọc những câu chuyện, bài học và thông báo của bạn bằng giọng nói rõ ràng, thân thiện.' },
  { code: 'th', base: 'th', name: 'Thai', espeakVoice: 'th', previewText: 'สวัสดีครับ ผมยินดีอ่านเรื่องราว บทเรียน และประกาศของคุณด้วยน้ำเสียงที่ชัดเจนและเป็นมิตร' },
  { code: 'id', base: 'id', name: 'Indonesian', espeakVoice: 'id', previewText: 'Halo! Saya senang membacakan cerita, pelajaran, dan pengumuman Anda dengan suara yang jelas dan ramah.' },
  { code: 'ms', base: 'ms', name: 'Malay', espeakVoice: 'ms', previewText: 'Helo! Saya gembira membacakan cerita, pelajaran dan pengumuman anda dengan suara yang jelas dan mesra.' },
  { code: 'az', base: 'az', name: 'Azerbaijani', espeakVoice: 'az', previewText: 'Salam! Hekayələrinizi, dərslərinizi və elanlarınızı aydın və mehriban səslə məmnuniyyətlə oxuyaram.' },
  { code: 'kk', base: 'kk', name: 'Kazakh', espeakVoice: 'kk', previewText: 'Сәлеметсіз бе! Сіздің әңгімелеріңізді, сабақтарыңызды және хабарландыруларыңызды анық әрі жылы дауыспен оқимын.' },
  { code: 'uz', base: 'uz', name: 'Uzbek', espeakVoice: 'uz', previewText: "Salom! Hikoyalaringiz, darslaringiz va e'lonlaringizni aniq va samimiy ovozda mamnuniyat bilan o'qib beraman." },
  { code: 'ky', base: 'ky', name: 'Kyrgyz', espeakVoice: 'ky', previewText: 'Саламатсызбы! Сиздин аңгемелериңизди, сабактарыңызды жана кулактандырууларыңызды ачык, жылуу үн менен окуп берем.' },
  { code: 'tk', base: 'tk', name: 'Turkmen', espeakVoice: 'tk', previewText: 'Salam! Hekaýalaryňyzy, sapaklaryňyzy we bildirişleriňizi açyk we mähirli ses bilen begenip okaryn.' },
  { code: 'tt', base: 'tt', name: 'Tatar', espeakVoice: 'tt', previewText: 'Сәлам! Сезнең хикәяләрегезне, дәресләрегезне һәм белдерүләрегезне ачык һәм ягымлы тавыш белән укыйм.' },
  { code: 'ka', base: 'ka', name: 'Georgian', espeakVoice: 'ka', previewText: 'გამარჯობა! სიამოვნებით წაგიკითხავთ თქვენს ისტორიებს, გაკვეთილებს და განცხადებებს მკაფიო და მეგობრული ხმით.' },
  { code: 'hy', base: 'hy', name: 'Armenian', espeakVoice: 'hy', previewText: 'Բարև ձեզ։ Սիրով կկարդամ ձեր պատմությունները, դասերը և հայտարարությունները հստակ ու ընկերական ձայնով։' },
  { code: 'be', base: 'be', name: 'Belarusian', espeakVoice: 'be', previewText: "Прывітанне! Я з задавальненнем прачытаю вашы гісторыі, урокі і аб'явы выразным і прыязным голасам." },
  { code: 'am', base: 'am', name: 'Amharic', espeakVoice: 'am', previewText: 'ሰላም! ታሪኮችዎን፣ ትምህርቶችዎን እና ማስታወቂያዎችዎን በግልጽ እና በወዳጅነት ድምፅ በደስታ አነባለሁ።' },
  { code: 'my', base: 'my', name: 'Burmese', espeakVoice: 'my', previewText: 'မင်္ဂလာပါ။ သင့်ရဲ့ ပုံပြင်တွေ၊ သင်ခန်းစာတွေနဲ့ ကြေညာချက်တွေကို ရှင်းလင်းပြီး ဖော်ရွေတဲ့ အသံနဲ့ ဖတ်ပေးပါ့မယ်။' },
  { code: 'eo', base: 'eo', name: 'Esperanto', espeakVoice: 'eo', previewText: 'Saluton! Mi volonte laŭtlegos viajn rakontojn, lecionojn kaj anoncojn per klara kaj amika voĉo.' },
  { code: 'la', base: 'la', name: 'Latin', espeakVoice: 'la', previewText: 'Salve! Fabulas, lectiones et nuntios tuos clara et amica voce libenter recitabo.' },
  { code: 'mi', base: 'mi', name: 'Māori', espeakVoice: 'mi', previewText: 'Kia ora! Ka pānui ahau i ō kōrero, i ō akoranga me ō pānuitanga ki te reo mārama, ki te reo ngākau pai.' },
  { code: 'haw', base: 'haw', name: 'Hawaiian', espeakVoice: 'haw', previewText: 'Aloha! E heluhelu au i kāu mau moʻolelo me ka leo maopopo a me ke aloha.' },
  { code: 'ht', base: 'ht', name: 'Haitian Creole', espeakVoice: 'ht', previewText: 'Bonjou! M ap kontan li istwa ou yo, leson ou yo ak anons ou yo ak yon vwa klè e zanmitay.' },
];

const BY_CODE = new Map(SPEECH_LANGUAGES.map((language) => [language.code.toLowerCase(), language]));

/** Finds a language by exact tag (`pt-BR`), else the default for its base code (`pt` -> European Portuguese). */
export function findSpeechLanguage(tag: string): SpeechLanguage | undefined {
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = BY_CODE.get(normalized);
  if (exact) return exact;
  const base = normalized.split('-')[0];
  const aliases: Record<string, string> = { cmn: 'zh', no: 'nb', iw: 'he', fil: 'tl' };
  const wanted = aliases[base ?? ''] ?? base;
  return SPEECH_LANGUAGES.find((language) => language.base === wanted);
}

export function getSpeechLanguage(code: string): SpeechLanguage {
  const language = findSpeechLanguage(code);
  if (!language) throw new Error(`No speech language "${code}" in the catalogue`);
  return language;
}
