// The commit a release binary was built from lives in a slot of 64 bytes that `make build` writes
// into the linked binary (scripts/stamp-commit): `boxoffice-build-slot:` then `COMMIT DATE`, padded
// with zeros. Nothing is compiled per commit, so a new commit rebuilds no module at all; a flag
// (-D) carried the commit before, and as a flag of every compile job it made each commit rebuild
// every module (about 5½ minutes), and a header read by this file still rebuilt the command line's
// module. A binary nobody stamped (`swift build`, the tests) says the commit is unknown.
#include "build_info.h"

#include <string.h>

#define BOXOFFICE_SLOT_MARKER "boxoffice-build-slot:"
#define BOXOFFICE_SLOT_SIZE 64

// Volatile, so that no compiler reads the unstamped text at build time instead of the slot.
__attribute__((used)) static volatile const char slot[BOXOFFICE_SLOT_SIZE] = BOXOFFICE_SLOT_MARKER;

static char commit[BOXOFFICE_SLOT_SIZE];
static char date[BOXOFFICE_SLOT_SIZE];

// Splits the slot's `COMMIT DATE` once; both stay "" for an unstamped slot.
static void read_slot(void) {
    static int read = 0;
    if (read) return;
    read = 1;
    char text[BOXOFFICE_SLOT_SIZE + 1];
    for (int i = 0; i < BOXOFFICE_SLOT_SIZE; i++) text[i] = slot[i];
    text[BOXOFFICE_SLOT_SIZE] = 0;
    const char *value = text + strlen(BOXOFFICE_SLOT_MARKER);
    const char *space = strchr(value, ' ');
    if (!*value || !space) return;
    memcpy(commit, value, (size_t)(space - value));
    strncpy(date, space + 1, BOXOFFICE_SLOT_SIZE - 1);
}

const char *boxoffice_commit(void) {
    read_slot();
    return commit;
}

const char *boxoffice_commit_date(void) {
    read_slot();
    return date;
}
