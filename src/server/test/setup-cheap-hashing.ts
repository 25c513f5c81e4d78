/**
 * Setup file of the API and browser projects: passwords hashed in this process use argon2id's
 * lowest cost. Servers the tests spawn as separate processes keep the production settings.
 */
import { hashPasswordsCheaplyForTests } from '@/server/lib/crypto';

hashPasswordsCheaplyForTests();
