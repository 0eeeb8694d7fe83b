    .text
    .globl count_primes
count_primes:
    cmp w0, #1024
    b.hs 9f
    adr x1, 8f
    add x1, x1, w0, uxtw #3
    br x1
9:  mov w5, w0
    mov w0, #0
    mov w1, #2
1:  cmp w1, w5
    b.hi 5f
    mov w2, #2
2:  mul w3, w2, w2
    cmp w3, w1
    b.hi 3f
    udiv w4, w1, w2
    msub w4, w4, w2, w1
    cbz w4, 4f
    add w2, w2, #1
    b 2b
3:  add w0, w0, #1
4:  add w1, w1, #1
    b 1b
5:  ret
    .balign 8
8:
    mov w0, #0
    ret
    mov w0, #0
    ret
    mov w0, #1
    ret
    mov w0, #2
    ret
    mov w0, #2
    ret
    mov w0, #3
    ret
    mov w0, #3
    ret
    mov w0, #4
    ret
    mov w0, #4
    ret
    mov w0, #4
    ret
    mov w0, #4
    ret
    mov w0, #5
    ret
    mov w0, #5
    ret
    mov w0, #6
    ret
    mov w0, #6
    ret
    mov w0, #6
    ret
    mov w0, #6
    ret
    mov w0, #7
    ret
    mov w0, #7
    ret
    mov w0, #8
    ret
    mov w0, #8
    ret
    mov w0, #8
    ret
    mov w0, #8
    ret
    mov w0, #9
    ret
    mov w0, #9
    ret
    mov w0, #9
    ret
    mov w0, #9
    ret
    mov w0, #9
    ret
    mov w0, #9
    ret
    mov w0, #10
    ret
    mov w0, #10
    ret
    mov w0, #11
    ret
    mov w0, #11
    ret
    mov w0, #11
    ret
    mov w0, #11
    ret
    mov w0, #11
    ret
    mov w0, #11
    ret
    mov w0, #12
    ret
    mov w0, #12
    ret
    mov w0, #12
    ret
    mov w0, #12
    ret
    mov w0, #13
    ret
    mov w0, #13
    ret
    mov w0, #14
    ret
    mov w0, #14
    ret
    mov w0, #14
    ret
    mov w0, #14
    ret
    mov w0, #15
    ret
    mov w0, #15
    ret
    mov w0, #15
    ret
    mov w0, #15
    ret
    mov w0, #15
    ret
    mov w0, #15
    ret
    mov w0, #16
    ret
    mov w0, #16
    ret
    mov w0, #16
    ret
    mov w0, #16
    ret
    mov w0, #16
    ret
    mov w0, #16
    ret
    mov w0, #17
    ret
    mov w0, #17
    ret
    mov w0, #18
    ret
    mov w0, #18
    ret
    mov w0, #18
    ret
    mov w0, #18
    ret
    mov w0, #18
    ret
    mov w0, #18
    ret
    mov w0, #19
    ret
    mov w0, #19
    ret
    mov w0, #19
    ret
    mov w0, #19
    ret
    mov w0, #20
    ret
    mov w0, #20
    ret
    mov w0, #21
    ret
    mov w0, #21
    ret
    mov w0, #21
    ret
    mov w0, #21
    ret
    mov w0, #21
    ret
    mov w0, #21
    ret
    mov w0, #22
    ret
    mov w0, #22
    ret
    mov w0, #22
    ret
    mov w0, #22
    ret
    mov w0, #23
    ret
    mov w0, #23
    ret
    mov w0, #23
    ret
    mov w0, #23
    ret
    mov w0, #23
    ret
    mov w0, #23
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #24
    ret
    mov w0, #25
    ret
    mov w0, #25
    ret
    mov w0, #25
    ret
    mov w0, #25
    ret
    mov w0, #26
    ret
    mov w0, #26
    ret
    mov w0, #27
    ret
    mov w0, #27
    ret
    mov w0, #27
    ret
    mov w0, #27
    ret
    mov w0, #28
    ret
    mov w0, #28
    ret
    mov w0, #29
    ret
    mov w0, #29
    ret
    mov w0, #29
    ret
    mov w0, #29
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #30
    ret
    mov w0, #31
    ret
    mov w0, #31
    ret
    mov w0, #31
    ret
    mov w0, #31
    ret
    mov w0, #32
    ret
    mov w0, #32
    ret
    mov w0, #32
    ret
    mov w0, #32
    ret
    mov w0, #32
    ret
    mov w0, #32
    ret
    mov w0, #33
    ret
    mov w0, #33
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #34
    ret
    mov w0, #35
    ret
    mov w0, #35
    ret
    mov w0, #36
    ret
    mov w0, #36
    ret
    mov w0, #36
    ret
    mov w0, #36
    ret
    mov w0, #36
    ret
    mov w0, #36
    ret
    mov w0, #37
    ret
    mov w0, #37
    ret
    mov w0, #37
    ret
    mov w0, #37
    ret
    mov w0, #37
    ret
    mov w0, #37
    ret
    mov w0, #38
    ret
    mov w0, #38
    ret
    mov w0, #38
    ret
    mov w0, #38
    ret
    mov w0, #39
    ret
    mov w0, #39
    ret
    mov w0, #39
    ret
    mov w0, #39
    ret
    mov w0, #39
    ret
    mov w0, #39
    ret
    mov w0, #40
    ret
    mov w0, #40
    ret
    mov w0, #40
    ret
    mov w0, #40
    ret
    mov w0, #40
    ret
    mov w0, #40
    ret
    mov w0, #41
    ret
    mov w0, #41
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #42
    ret
    mov w0, #43
    ret
    mov w0, #43
    ret
    mov w0, #44
    ret
    mov w0, #44
    ret
    mov w0, #44
    ret
    mov w0, #44
    ret
    mov w0, #45
    ret
    mov w0, #45
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #46
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #47
    ret
    mov w0, #48
    ret
    mov w0, #48
    ret
    mov w0, #48
    ret
    mov w0, #48
    ret
    mov w0, #49
    ret
    mov w0, #49
    ret
    mov w0, #50
    ret
    mov w0, #50
    ret
    mov w0, #50
    ret
    mov w0, #50
    ret
    mov w0, #51
    ret
    mov w0, #51
    ret
    mov w0, #51
    ret
    mov w0, #51
    ret
    mov w0, #51
    ret
    mov w0, #51
    ret
    mov w0, #52
    ret
    mov w0, #52
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #53
    ret
    mov w0, #54
    ret
    mov w0, #54
    ret
    mov w0, #54
    ret
    mov w0, #54
    ret
    mov w0, #54
    ret
    mov w0, #54
    ret
    mov w0, #55
    ret
    mov w0, #55
    ret
    mov w0, #55
    ret
    mov w0, #55
    ret
    mov w0, #55
    ret
    mov w0, #55
    ret
    mov w0, #56
    ret
    mov w0, #56
    ret
    mov w0, #56
    ret
    mov w0, #56
    ret
    mov w0, #56
    ret
    mov w0, #56
    ret
    mov w0, #57
    ret
    mov w0, #57
    ret
    mov w0, #58
    ret
    mov w0, #58
    ret
    mov w0, #58
    ret
    mov w0, #58
    ret
    mov w0, #58
    ret
    mov w0, #58
    ret
    mov w0, #59
    ret
    mov w0, #59
    ret
    mov w0, #59
    ret
    mov w0, #59
    ret
    mov w0, #60
    ret
    mov w0, #60
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #61
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #62
    ret
    mov w0, #63
    ret
    mov w0, #63
    ret
    mov w0, #63
    ret
    mov w0, #63
    ret
    mov w0, #64
    ret
    mov w0, #64
    ret
    mov w0, #65
    ret
    mov w0, #65
    ret
    mov w0, #65
    ret
    mov w0, #65
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #66
    ret
    mov w0, #67
    ret
    mov w0, #67
    ret
    mov w0, #67
    ret
    mov w0, #67
    ret
    mov w0, #67
    ret
    mov w0, #67
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #68
    ret
    mov w0, #69
    ret
    mov w0, #69
    ret
    mov w0, #70
    ret
    mov w0, #70
    ret
    mov w0, #70
    ret
    mov w0, #70
    ret
    mov w0, #71
    ret
    mov w0, #71
    ret
    mov w0, #71
    ret
    mov w0, #71
    ret
    mov w0, #71
    ret
    mov w0, #71
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #72
    ret
    mov w0, #73
    ret
    mov w0, #73
    ret
    mov w0, #73
    ret
    mov w0, #73
    ret
    mov w0, #73
    ret
    mov w0, #73
    ret
    mov w0, #74
    ret
    mov w0, #74
    ret
    mov w0, #74
    ret
    mov w0, #74
    ret
    mov w0, #74
    ret
    mov w0, #74
    ret
    mov w0, #75
    ret
    mov w0, #75
    ret
    mov w0, #75
    ret
    mov w0, #75
    ret
    mov w0, #76
    ret
    mov w0, #76
    ret
    mov w0, #76
    ret
    mov w0, #76
    ret
    mov w0, #76
    ret
    mov w0, #76
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #77
    ret
    mov w0, #78
    ret
    mov w0, #78
    ret
    mov w0, #78
    ret
    mov w0, #78
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #79
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #80
    ret
    mov w0, #81
    ret
    mov w0, #81
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #82
    ret
    mov w0, #83
    ret
    mov w0, #83
    ret
    mov w0, #84
    ret
    mov w0, #84
    ret
    mov w0, #84
    ret
    mov w0, #84
    ret
    mov w0, #84
    ret
    mov w0, #84
    ret
    mov w0, #85
    ret
    mov w0, #85
    ret
    mov w0, #85
    ret
    mov w0, #85
    ret
    mov w0, #86
    ret
    mov w0, #86
    ret
    mov w0, #86
    ret
    mov w0, #86
    ret
    mov w0, #86
    ret
    mov w0, #86
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #87
    ret
    mov w0, #88
    ret
    mov w0, #88
    ret
    mov w0, #88
    ret
    mov w0, #88
    ret
    mov w0, #89
    ret
    mov w0, #89
    ret
    mov w0, #90
    ret
    mov w0, #90
    ret
    mov w0, #90
    ret
    mov w0, #90
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #91
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #92
    ret
    mov w0, #93
    ret
    mov w0, #93
    ret
    mov w0, #93
    ret
    mov w0, #93
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #94
    ret
    mov w0, #95
    ret
    mov w0, #95
    ret
    mov w0, #95
    ret
    mov w0, #95
    ret
    mov w0, #96
    ret
    mov w0, #96
    ret
    mov w0, #96
    ret
    mov w0, #96
    ret
    mov w0, #96
    ret
    mov w0, #96
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #97
    ret
    mov w0, #98
    ret
    mov w0, #98
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #99
    ret
    mov w0, #100
    ret
    mov w0, #100
    ret
    mov w0, #100
    ret
    mov w0, #100
    ret
    mov w0, #100
    ret
    mov w0, #100
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #101
    ret
    mov w0, #102
    ret
    mov w0, #102
    ret
    mov w0, #102
    ret
    mov w0, #102
    ret
    mov w0, #102
    ret
    mov w0, #102
    ret
    mov w0, #103
    ret
    mov w0, #103
    ret
    mov w0, #103
    ret
    mov w0, #103
    ret
    mov w0, #103
    ret
    mov w0, #103
    ret
    mov w0, #104
    ret
    mov w0, #104
    ret
    mov w0, #105
    ret
    mov w0, #105
    ret
    mov w0, #105
    ret
    mov w0, #105
    ret
    mov w0, #105
    ret
    mov w0, #105
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #106
    ret
    mov w0, #107
    ret
    mov w0, #107
    ret
    mov w0, #107
    ret
    mov w0, #107
    ret
    mov w0, #107
    ret
    mov w0, #107
    ret
    mov w0, #108
    ret
    mov w0, #108
    ret
    mov w0, #108
    ret
    mov w0, #108
    ret
    mov w0, #108
    ret
    mov w0, #108
    ret
    mov w0, #109
    ret
    mov w0, #109
    ret
    mov w0, #110
    ret
    mov w0, #110
    ret
    mov w0, #110
    ret
    mov w0, #110
    ret
    mov w0, #110
    ret
    mov w0, #110
    ret
    mov w0, #111
    ret
    mov w0, #111
    ret
    mov w0, #111
    ret
    mov w0, #111
    ret
    mov w0, #111
    ret
    mov w0, #111
    ret
    mov w0, #112
    ret
    mov w0, #112
    ret
    mov w0, #112
    ret
    mov w0, #112
    ret
    mov w0, #113
    ret
    mov w0, #113
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #114
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #115
    ret
    mov w0, #116
    ret
    mov w0, #116
    ret
    mov w0, #117
    ret
    mov w0, #117
    ret
    mov w0, #117
    ret
    mov w0, #117
    ret
    mov w0, #118
    ret
    mov w0, #118
    ret
    mov w0, #118
    ret
    mov w0, #118
    ret
    mov w0, #118
    ret
    mov w0, #118
    ret
    mov w0, #119
    ret
    mov w0, #119
    ret
    mov w0, #119
    ret
    mov w0, #119
    ret
    mov w0, #119
    ret
    mov w0, #119
    ret
    mov w0, #120
    ret
    mov w0, #120
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #121
    ret
    mov w0, #122
    ret
    mov w0, #122
    ret
    mov w0, #122
    ret
    mov w0, #122
    ret
    mov w0, #123
    ret
    mov w0, #123
    ret
    mov w0, #123
    ret
    mov w0, #123
    ret
    mov w0, #123
    ret
    mov w0, #123
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #124
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #125
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #126
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #127
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #128
    ret
    mov w0, #129
    ret
    mov w0, #129
    ret
    mov w0, #129
    ret
    mov w0, #129
    ret
    mov w0, #129
    ret
    mov w0, #129
    ret
    mov w0, #130
    ret
    mov w0, #130
    ret
    mov w0, #130
    ret
    mov w0, #130
    ret
    mov w0, #130
    ret
    mov w0, #130
    ret
    mov w0, #131
    ret
    mov w0, #131
    ret
    mov w0, #131
    ret
    mov w0, #131
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #132
    ret
    mov w0, #133
    ret
    mov w0, #133
    ret
    mov w0, #133
    ret
    mov w0, #133
    ret
    mov w0, #133
    ret
    mov w0, #133
    ret
    mov w0, #134
    ret
    mov w0, #134
    ret
    mov w0, #134
    ret
    mov w0, #134
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #135
    ret
    mov w0, #136
    ret
    mov w0, #136
    ret
    mov w0, #136
    ret
    mov w0, #136
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #137
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #138
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #139
    ret
    mov w0, #140
    ret
    mov w0, #140
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #141
    ret
    mov w0, #142
    ret
    mov w0, #142
    ret
    mov w0, #143
    ret
    mov w0, #143
    ret
    mov w0, #143
    ret
    mov w0, #143
    ret
    mov w0, #144
    ret
    mov w0, #144
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #145
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #146
    ret
    mov w0, #147
    ret
    mov w0, #147
    ret
    mov w0, #147
    ret
    mov w0, #147
    ret
    mov w0, #148
    ret
    mov w0, #148
    ret
    mov w0, #149
    ret
    mov w0, #149
    ret
    mov w0, #149
    ret
    mov w0, #149
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #150
    ret
    mov w0, #151
    ret
    mov w0, #151
    ret
    mov w0, #151
    ret
    mov w0, #151
    ret
    mov w0, #152
    ret
    mov w0, #152
    ret
    mov w0, #153
    ret
    mov w0, #153
    ret
    mov w0, #153
    ret
    mov w0, #153
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #154
    ret
    mov w0, #155
    ret
    mov w0, #155
    ret
    mov w0, #155
    ret
    mov w0, #155
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #156
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #157
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #158
    ret
    mov w0, #159
    ret
    mov w0, #159
    ret
    mov w0, #159
    ret
    mov w0, #159
    ret
    mov w0, #160
    ret
    mov w0, #160
    ret
    mov w0, #160
    ret
    mov w0, #160
    ret
    mov w0, #160
    ret
    mov w0, #160
    ret
    mov w0, #161
    ret
    mov w0, #161
    ret
    mov w0, #161
    ret
    mov w0, #161
    ret
    mov w0, #161
    ret
    mov w0, #161
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #162
    ret
    mov w0, #163
    ret
    mov w0, #163
    ret
    mov w0, #163
    ret
    mov w0, #163
    ret
    mov w0, #164
    ret
    mov w0, #164
    ret
    mov w0, #164
    ret
    mov w0, #164
    ret
    mov w0, #164
    ret
    mov w0, #164
    ret
    mov w0, #165
    ret
    mov w0, #165
    ret
    mov w0, #165
    ret
    mov w0, #165
    ret
    mov w0, #165
    ret
    mov w0, #165
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #166
    ret
    mov w0, #167
    ret
    mov w0, #167
    ret
    mov w0, #167
    ret
    mov w0, #167
    ret
    mov w0, #167
    ret
    mov w0, #167
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #168
    ret
    mov w0, #169
    ret
    mov w0, #169
    ret
    mov w0, #169
    ret
    mov w0, #169
    ret
    mov w0, #170
    ret
    mov w0, #170
    ret
    mov w0, #170
    ret
    mov w0, #170
    ret
    mov w0, #170
    ret
    mov w0, #170
    ret
    mov w0, #171
    ret
    mov w0, #171
    ret
    mov w0, #172
    ret
    mov w0, #172
    ret
    mov w0, #172
    ret
