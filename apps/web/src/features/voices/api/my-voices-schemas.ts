/** Loaded on first use (`my-voices-api.ts`): the studio draws its pages without building these. */
import { customVoiceReplySchema, voiceSchema } from '@sound-studio/shared';

export { deleteVoiceReplySchema, myVoicesReplySchema } from '@sound-studio/shared';

/** A rename answers with the voice; the { voice, slots } shape of create is accepted too. */
export const renamedVoiceReplySchema = voiceSchema.or(customVoiceReplySchema);
