// RUN: echo "hello lit" | FileCheck %s --check-prefix=ECHO
// RUN: not FileCheck %s --check-prefix=ABSENT < %s
// RUN: not not echo double negation
// RUN: not count 1 < %s
// RUN: echo one > %t && echo two >> %t && cat %t | count 2
// RUN: cat %t - < %s | FileCheck %s --check-prefix=CAT
// RUN: echo 'a | b' "&& c" | FileCheck %s --check-prefix=QUOTE --match-full-lines
// RUN: not FileCheck %s --check-prefix=ECHO --input-file=%S/no-such-file.txt 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// RUN: echo hello | not FileCheck %s --check-prefix=ECHO 2> %t.err \
// RUN:   && FileCheck %s --check-prefix=SAVED --input-file=%t.err

// ECHO: hello {{lit}}
// ABSENT: this {{text}} is nowhere
// CAT: {{^}}one
// CAT-NEXT: {{^}}two
// CAT-NEXT: {{^}}// RUN: echo "hello lit"
// QUOTE: a | b && c
// MISSING: Could not open input file '{{.*}}no-such-file.txt': No such file or directory
// SAVED: <stdin>:1:1: note: scanning from here
