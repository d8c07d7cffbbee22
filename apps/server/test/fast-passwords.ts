import { setPasswordHashingForTests } from '../src/lib/passwords.ts';

// Every server test file: accounts get cheap password hashes (see setPasswordHashingForTests).
setPasswordHashingForTests('cheap');
