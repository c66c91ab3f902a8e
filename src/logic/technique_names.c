/*
 * technique_names.c — what each technique is called: its display name (as
 * Sudoku Explainer prints it), its stable key (for --techniques, JSON and
 * CSV) and its one-character history symbol.
 *
 * Design: one table indexed by doku_technique, so a new technique is one
 * line here and cannot be named differently in two places.
 */
#include "logic_internal.h"

typedef struct tech_info {
    const char *name;
    const char *key;
    char symbol;
} tech_info;

static const tech_info TECH[DOKU_TECH_COUNT] = {
    [DOKU_TECH_FULL_HOUSE] = {"Full House", "full-house", 'f'},
    [DOKU_TECH_HIDDEN_SINGLE] = {"Hidden Single", "hidden-single", 'i'},
    [DOKU_TECH_DIRECT_POINTING] = {"Direct Pointing", "direct-pointing", 'p'},
    [DOKU_TECH_DIRECT_CLAIMING] = {"Direct Claiming", "direct-claiming", 'p'},
    [DOKU_TECH_DIRECT_HIDDEN_PAIR] = {"Direct Hidden Pair", "direct-hidden-pair", 'h'},
    [DOKU_TECH_NAKED_SINGLE] = {"Naked Single", "naked-single", 'n'},
    [DOKU_TECH_DIRECT_HIDDEN_TRIPLE] = {"Direct Hidden Triple", "direct-hidden-triple", 'h'},
    [DOKU_TECH_POINTING] = {"Pointing", "pointing", '^'},
    [DOKU_TECH_CLAIMING] = {"Claiming", "claiming", '^'},
    [DOKU_TECH_NAKED_PAIR] = {"Naked Pair", "naked-pair", '!'},
    [DOKU_TECH_X_WING] = {"X-Wing", "x-wing", '#'},
    [DOKU_TECH_HIDDEN_PAIR] = {"Hidden Pair", "hidden-pair", '!'},
    [DOKU_TECH_NAKED_TRIPLE] = {"Naked Triple", "naked-triple", '!'},
    [DOKU_TECH_SWORDFISH] = {"Swordfish", "swordfish", '#'},
    [DOKU_TECH_HIDDEN_TRIPLE] = {"Hidden Triple", "hidden-triple", '!'},
    [DOKU_TECH_SKYSCRAPER] = {"Skyscraper", "skyscraper", 's'},
    [DOKU_TECH_TWO_STRING_KITE] = {"Two-String Kite", "two-string-kite", 's'},
    [DOKU_TECH_TURBOT_FISH] = {"Turbot Fish", "turbot-fish", 's'},
    [DOKU_TECH_EMPTY_RECTANGLE] = {"Empty Rectangle", "empty-rectangle", 's'},
    [DOKU_TECH_XY_WING] = {"XY-Wing", "xy-wing", 'w'},
    [DOKU_TECH_XYZ_WING] = {"XYZ-Wing", "xyz-wing", 'w'},
    [DOKU_TECH_UNIQUE_RECTANGLE] = {"Unique Rectangle", "unique-rectangle", 'u'},
    [DOKU_TECH_NAKED_QUAD] = {"Naked Quad", "naked-quad", '!'},
    [DOKU_TECH_JELLYFISH] = {"Jellyfish", "jellyfish", '#'},
    [DOKU_TECH_HIDDEN_QUAD] = {"Hidden Quad", "hidden-quad", '!'},
    [DOKU_TECH_THREE_LINKS] = {"3 Strong Links", "three-links", 's'},
    [DOKU_TECH_WXYZ_WING] = {"WXYZ-Wing", "wxyz-wing", 'w'},
    [DOKU_TECH_BUG] = {"BUG", "bug", 'u'},
    [DOKU_TECH_VWXYZ_WING] = {"VWXYZ-Wing", "vwxyz-wing", 'w'},
    [DOKU_TECH_ALIGNED_PAIR] = {"Aligned Pair Exclusion", "aligned-pair", 'a'},
    [DOKU_TECH_X_CYCLE] = {"X-Cycle", "x-cycle", 'c'},
    [DOKU_TECH_X_CHAIN] = {"X-Chain", "x-chain", 'c'},
    [DOKU_TECH_Y_CYCLE] = {"Y-Cycle", "y-cycle", 'c'},
    [DOKU_TECH_XY_CYCLE] = {"XY-Cycle", "xy-cycle", 'c'},
    [DOKU_TECH_AIC] = {"Forcing Chain", "aic", 'c'},
    [DOKU_TECH_ALIGNED_TRIPLE] = {"Aligned Triplet Exclusion", "aligned-triple", 'a'},
    [DOKU_TECH_NISHIO] = {"Nishio Forcing Chain", "nishio", 'F'},
    [DOKU_TECH_CELL_FORCING] = {"Cell Forcing Chains", "cell-forcing", 'F'},
    [DOKU_TECH_REGION_FORCING] = {"Region Forcing Chains", "region-forcing", 'F'},
    [DOKU_TECH_DYNAMIC_FORCING] = {"Dynamic Forcing Chains", "dynamic-forcing", 'D'},
    [DOKU_TECH_DYNAMIC_PLUS] = {"Dynamic Forcing Chains (+)", "dynamic-plus", 'D'},
    [DOKU_TECH_TRIAL] = {"Trial and Error", "trial", '?'},
    [DOKU_TECH_FINNED_X_WING] = {"Finned X-Wing", "finned-x-wing", '#'},
    [DOKU_TECH_FINNED_SWORDFISH] = {"Finned Swordfish", "finned-swordfish", '#'},
    [DOKU_TECH_FINNED_JELLYFISH] = {"Finned Jellyfish", "finned-jellyfish", '#'},
    [DOKU_TECH_W_WING] = {"W-Wing", "w-wing", 'w'},
    [DOKU_TECH_REMOTE_PAIR] = {"Remote Pair", "remote-pair", 'c'},
    [DOKU_TECH_SIMPLE_COLOURING] = {"Simple Colouring", "simple-colouring", 'c'},
    [DOKU_TECH_MULTI_COLOURING] = {"Multi-Colouring", "multi-colouring", 'c'},
    [DOKU_TECH_UNIQUE_RECTANGLE_6] = {"Unique Rectangle type 6", "unique-rectangle-6", 'u'},
    [DOKU_TECH_HIDDEN_RECTANGLE] = {"Hidden Rectangle", "hidden-rectangle", 'u'},
    [DOKU_TECH_SUE_DE_COQ] = {"Sue de Coq", "sue-de-coq", '!'},
    [DOKU_TECH_ALS_XZ] = {"ALS-XZ", "als-xz", 'w'},
    [DOKU_TECH_ALS_XY_WING] = {"ALS-XY-Wing", "als-xy-wing", 'w'},
    [DOKU_TECH_GROUPED_X_CHAIN] = {"Grouped X-Chain", "grouped-x-chain", 'c'},
    [DOKU_TECH_GROUPED_AIC] = {"Grouped AIC", "grouped-aic", 'c'},
    [DOKU_TECH_NESTED_FORCING] = {"Nested Forcing Chains", "nested-forcing", 'D'},
    [DOKU_TECH_CONSTRAINT] = {"Constraint", "constraint", 'v'},
    [DOKU_TECH_CAGE_COMBINATION] = {"Cage Combination", "cage-combination", 'k'},
    [DOKU_TECH_INNIES_OUTIES] = {"Innies and Outies", "innies-outies", 'o'},
};

/* The technique mask is a uint64_t. */
typedef char tech_count_fits_mask[DOKU_TECH_COUNT < 64 ? 1 : -1];

const char *doku_technique_name(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].name : "?";
}

const char *doku_technique_key(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].key : "?";
}

char doku_technique_symbol(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].symbol : '?';
}
