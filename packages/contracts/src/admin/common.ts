import '../zod-config.js';
import { z } from 'zod';

/** An answer the desk does not read (sign out, an action answered with no body it needs). */
export const ignoredAnswerSchema = z.unknown();
