    .text
    .globl count_primes
count_primes:
    .option push
    .option norvc
    li t0, 1024
    bgeu a0, t0, 9f
    lla t1, 8f
    slli t2, a0, 3
    add t1, t1, t2
    jr t1
9:  slli a5, a0, 32
    srli a5, a5, 32
    li a0, 0
    li a1, 2
1:  bgtu a1, a5, 5f
    li a2, 2
2:  mulw a3, a2, a2
    slli a3, a3, 32
    srli a3, a3, 32
    bgtu a3, a1, 3f
    remuw a4, a1, a2
    beqz a4, 4f
    addi a2, a2, 1
    j 2b
3:  addiw a0, a0, 1
4:  addi a1, a1, 1
    j 1b
5:  sext.w a0, a0
    ret
    .balign 8
8:
    addi a0, zero, 0
    jalr zero, 0(ra)
    addi a0, zero, 0
    jalr zero, 0(ra)
    addi a0, zero, 1
    jalr zero, 0(ra)
    addi a0, zero, 2
    jalr zero, 0(ra)
    addi a0, zero, 2
    jalr zero, 0(ra)
    addi a0, zero, 3
    jalr zero, 0(ra)
    addi a0, zero, 3
    jalr zero, 0(ra)
    addi a0, zero, 4
    jalr zero, 0(ra)
    addi a0, zero, 4
    jalr zero, 0(ra)
    addi a0, zero, 4
    jalr zero, 0(ra)
    addi a0, zero, 4
    jalr zero, 0(ra)
    addi a0, zero, 5
    jalr zero, 0(ra)
    addi a0, zero, 5
    jalr zero, 0(ra)
    addi a0, zero, 6
    jalr zero, 0(ra)
    addi a0, zero, 6
    jalr zero, 0(ra)
    addi a0, zero, 6
    jalr zero, 0(ra)
    addi a0, zero, 6
    jalr zero, 0(ra)
    addi a0, zero, 7
    jalr zero, 0(ra)
    addi a0, zero, 7
    jalr zero, 0(ra)
    addi a0, zero, 8
    jalr zero, 0(ra)
    addi a0, zero, 8
    jalr zero, 0(ra)
    addi a0, zero, 8
    jalr zero, 0(ra)
    addi a0, zero, 8
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 9
    jalr zero, 0(ra)
    addi a0, zero, 10
    jalr zero, 0(ra)
    addi a0, zero, 10
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 11
    jalr zero, 0(ra)
    addi a0, zero, 12
    jalr zero, 0(ra)
    addi a0, zero, 12
    jalr zero, 0(ra)
    addi a0, zero, 12
    jalr zero, 0(ra)
    addi a0, zero, 12
    jalr zero, 0(ra)
    addi a0, zero, 13
    jalr zero, 0(ra)
    addi a0, zero, 13
    jalr zero, 0(ra)
    addi a0, zero, 14
    jalr zero, 0(ra)
    addi a0, zero, 14
    jalr zero, 0(ra)
    addi a0, zero, 14
    jalr zero, 0(ra)
    addi a0, zero, 14
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 15
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 16
    jalr zero, 0(ra)
    addi a0, zero, 17
    jalr zero, 0(ra)
    addi a0, zero, 17
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 18
    jalr zero, 0(ra)
    addi a0, zero, 19
    jalr zero, 0(ra)
    addi a0, zero, 19
    jalr zero, 0(ra)
    addi a0, zero, 19
    jalr zero, 0(ra)
    addi a0, zero, 19
    jalr zero, 0(ra)
    addi a0, zero, 20
    jalr zero, 0(ra)
    addi a0, zero, 20
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 21
    jalr zero, 0(ra)
    addi a0, zero, 22
    jalr zero, 0(ra)
    addi a0, zero, 22
    jalr zero, 0(ra)
    addi a0, zero, 22
    jalr zero, 0(ra)
    addi a0, zero, 22
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 23
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 24
    jalr zero, 0(ra)
    addi a0, zero, 25
    jalr zero, 0(ra)
    addi a0, zero, 25
    jalr zero, 0(ra)
    addi a0, zero, 25
    jalr zero, 0(ra)
    addi a0, zero, 25
    jalr zero, 0(ra)
    addi a0, zero, 26
    jalr zero, 0(ra)
    addi a0, zero, 26
    jalr zero, 0(ra)
    addi a0, zero, 27
    jalr zero, 0(ra)
    addi a0, zero, 27
    jalr zero, 0(ra)
    addi a0, zero, 27
    jalr zero, 0(ra)
    addi a0, zero, 27
    jalr zero, 0(ra)
    addi a0, zero, 28
    jalr zero, 0(ra)
    addi a0, zero, 28
    jalr zero, 0(ra)
    addi a0, zero, 29
    jalr zero, 0(ra)
    addi a0, zero, 29
    jalr zero, 0(ra)
    addi a0, zero, 29
    jalr zero, 0(ra)
    addi a0, zero, 29
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 30
    jalr zero, 0(ra)
    addi a0, zero, 31
    jalr zero, 0(ra)
    addi a0, zero, 31
    jalr zero, 0(ra)
    addi a0, zero, 31
    jalr zero, 0(ra)
    addi a0, zero, 31
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 32
    jalr zero, 0(ra)
    addi a0, zero, 33
    jalr zero, 0(ra)
    addi a0, zero, 33
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 34
    jalr zero, 0(ra)
    addi a0, zero, 35
    jalr zero, 0(ra)
    addi a0, zero, 35
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 36
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 37
    jalr zero, 0(ra)
    addi a0, zero, 38
    jalr zero, 0(ra)
    addi a0, zero, 38
    jalr zero, 0(ra)
    addi a0, zero, 38
    jalr zero, 0(ra)
    addi a0, zero, 38
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 39
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 40
    jalr zero, 0(ra)
    addi a0, zero, 41
    jalr zero, 0(ra)
    addi a0, zero, 41
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 42
    jalr zero, 0(ra)
    addi a0, zero, 43
    jalr zero, 0(ra)
    addi a0, zero, 43
    jalr zero, 0(ra)
    addi a0, zero, 44
    jalr zero, 0(ra)
    addi a0, zero, 44
    jalr zero, 0(ra)
    addi a0, zero, 44
    jalr zero, 0(ra)
    addi a0, zero, 44
    jalr zero, 0(ra)
    addi a0, zero, 45
    jalr zero, 0(ra)
    addi a0, zero, 45
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 46
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 47
    jalr zero, 0(ra)
    addi a0, zero, 48
    jalr zero, 0(ra)
    addi a0, zero, 48
    jalr zero, 0(ra)
    addi a0, zero, 48
    jalr zero, 0(ra)
    addi a0, zero, 48
    jalr zero, 0(ra)
    addi a0, zero, 49
    jalr zero, 0(ra)
    addi a0, zero, 49
    jalr zero, 0(ra)
    addi a0, zero, 50
    jalr zero, 0(ra)
    addi a0, zero, 50
    jalr zero, 0(ra)
    addi a0, zero, 50
    jalr zero, 0(ra)
    addi a0, zero, 50
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 51
    jalr zero, 0(ra)
    addi a0, zero, 52
    jalr zero, 0(ra)
    addi a0, zero, 52
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 53
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 54
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 55
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 56
    jalr zero, 0(ra)
    addi a0, zero, 57
    jalr zero, 0(ra)
    addi a0, zero, 57
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 58
    jalr zero, 0(ra)
    addi a0, zero, 59
    jalr zero, 0(ra)
    addi a0, zero, 59
    jalr zero, 0(ra)
    addi a0, zero, 59
    jalr zero, 0(ra)
    addi a0, zero, 59
    jalr zero, 0(ra)
    addi a0, zero, 60
    jalr zero, 0(ra)
    addi a0, zero, 60
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 61
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 62
    jalr zero, 0(ra)
    addi a0, zero, 63
    jalr zero, 0(ra)
    addi a0, zero, 63
    jalr zero, 0(ra)
    addi a0, zero, 63
    jalr zero, 0(ra)
    addi a0, zero, 63
    jalr zero, 0(ra)
    addi a0, zero, 64
    jalr zero, 0(ra)
    addi a0, zero, 64
    jalr zero, 0(ra)
    addi a0, zero, 65
    jalr zero, 0(ra)
    addi a0, zero, 65
    jalr zero, 0(ra)
    addi a0, zero, 65
    jalr zero, 0(ra)
    addi a0, zero, 65
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 66
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 67
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 68
    jalr zero, 0(ra)
    addi a0, zero, 69
    jalr zero, 0(ra)
    addi a0, zero, 69
    jalr zero, 0(ra)
    addi a0, zero, 70
    jalr zero, 0(ra)
    addi a0, zero, 70
    jalr zero, 0(ra)
    addi a0, zero, 70
    jalr zero, 0(ra)
    addi a0, zero, 70
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 71
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 72
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 73
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 74
    jalr zero, 0(ra)
    addi a0, zero, 75
    jalr zero, 0(ra)
    addi a0, zero, 75
    jalr zero, 0(ra)
    addi a0, zero, 75
    jalr zero, 0(ra)
    addi a0, zero, 75
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 76
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 77
    jalr zero, 0(ra)
    addi a0, zero, 78
    jalr zero, 0(ra)
    addi a0, zero, 78
    jalr zero, 0(ra)
    addi a0, zero, 78
    jalr zero, 0(ra)
    addi a0, zero, 78
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 79
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 80
    jalr zero, 0(ra)
    addi a0, zero, 81
    jalr zero, 0(ra)
    addi a0, zero, 81
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 82
    jalr zero, 0(ra)
    addi a0, zero, 83
    jalr zero, 0(ra)
    addi a0, zero, 83
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 84
    jalr zero, 0(ra)
    addi a0, zero, 85
    jalr zero, 0(ra)
    addi a0, zero, 85
    jalr zero, 0(ra)
    addi a0, zero, 85
    jalr zero, 0(ra)
    addi a0, zero, 85
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 86
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 87
    jalr zero, 0(ra)
    addi a0, zero, 88
    jalr zero, 0(ra)
    addi a0, zero, 88
    jalr zero, 0(ra)
    addi a0, zero, 88
    jalr zero, 0(ra)
    addi a0, zero, 88
    jalr zero, 0(ra)
    addi a0, zero, 89
    jalr zero, 0(ra)
    addi a0, zero, 89
    jalr zero, 0(ra)
    addi a0, zero, 90
    jalr zero, 0(ra)
    addi a0, zero, 90
    jalr zero, 0(ra)
    addi a0, zero, 90
    jalr zero, 0(ra)
    addi a0, zero, 90
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 91
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 92
    jalr zero, 0(ra)
    addi a0, zero, 93
    jalr zero, 0(ra)
    addi a0, zero, 93
    jalr zero, 0(ra)
    addi a0, zero, 93
    jalr zero, 0(ra)
    addi a0, zero, 93
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 94
    jalr zero, 0(ra)
    addi a0, zero, 95
    jalr zero, 0(ra)
    addi a0, zero, 95
    jalr zero, 0(ra)
    addi a0, zero, 95
    jalr zero, 0(ra)
    addi a0, zero, 95
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 96
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 97
    jalr zero, 0(ra)
    addi a0, zero, 98
    jalr zero, 0(ra)
    addi a0, zero, 98
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 99
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 100
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 101
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 102
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 103
    jalr zero, 0(ra)
    addi a0, zero, 104
    jalr zero, 0(ra)
    addi a0, zero, 104
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 105
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 106
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 107
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 108
    jalr zero, 0(ra)
    addi a0, zero, 109
    jalr zero, 0(ra)
    addi a0, zero, 109
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 110
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 111
    jalr zero, 0(ra)
    addi a0, zero, 112
    jalr zero, 0(ra)
    addi a0, zero, 112
    jalr zero, 0(ra)
    addi a0, zero, 112
    jalr zero, 0(ra)
    addi a0, zero, 112
    jalr zero, 0(ra)
    addi a0, zero, 113
    jalr zero, 0(ra)
    addi a0, zero, 113
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 114
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 115
    jalr zero, 0(ra)
    addi a0, zero, 116
    jalr zero, 0(ra)
    addi a0, zero, 116
    jalr zero, 0(ra)
    addi a0, zero, 117
    jalr zero, 0(ra)
    addi a0, zero, 117
    jalr zero, 0(ra)
    addi a0, zero, 117
    jalr zero, 0(ra)
    addi a0, zero, 117
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 118
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 119
    jalr zero, 0(ra)
    addi a0, zero, 120
    jalr zero, 0(ra)
    addi a0, zero, 120
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 121
    jalr zero, 0(ra)
    addi a0, zero, 122
    jalr zero, 0(ra)
    addi a0, zero, 122
    jalr zero, 0(ra)
    addi a0, zero, 122
    jalr zero, 0(ra)
    addi a0, zero, 122
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 123
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 124
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 125
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 126
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 127
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 128
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 129
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 130
    jalr zero, 0(ra)
    addi a0, zero, 131
    jalr zero, 0(ra)
    addi a0, zero, 131
    jalr zero, 0(ra)
    addi a0, zero, 131
    jalr zero, 0(ra)
    addi a0, zero, 131
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 132
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 133
    jalr zero, 0(ra)
    addi a0, zero, 134
    jalr zero, 0(ra)
    addi a0, zero, 134
    jalr zero, 0(ra)
    addi a0, zero, 134
    jalr zero, 0(ra)
    addi a0, zero, 134
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 135
    jalr zero, 0(ra)
    addi a0, zero, 136
    jalr zero, 0(ra)
    addi a0, zero, 136
    jalr zero, 0(ra)
    addi a0, zero, 136
    jalr zero, 0(ra)
    addi a0, zero, 136
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 137
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 138
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 139
    jalr zero, 0(ra)
    addi a0, zero, 140
    jalr zero, 0(ra)
    addi a0, zero, 140
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 141
    jalr zero, 0(ra)
    addi a0, zero, 142
    jalr zero, 0(ra)
    addi a0, zero, 142
    jalr zero, 0(ra)
    addi a0, zero, 143
    jalr zero, 0(ra)
    addi a0, zero, 143
    jalr zero, 0(ra)
    addi a0, zero, 143
    jalr zero, 0(ra)
    addi a0, zero, 143
    jalr zero, 0(ra)
    addi a0, zero, 144
    jalr zero, 0(ra)
    addi a0, zero, 144
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 145
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 146
    jalr zero, 0(ra)
    addi a0, zero, 147
    jalr zero, 0(ra)
    addi a0, zero, 147
    jalr zero, 0(ra)
    addi a0, zero, 147
    jalr zero, 0(ra)
    addi a0, zero, 147
    jalr zero, 0(ra)
    addi a0, zero, 148
    jalr zero, 0(ra)
    addi a0, zero, 148
    jalr zero, 0(ra)
    addi a0, zero, 149
    jalr zero, 0(ra)
    addi a0, zero, 149
    jalr zero, 0(ra)
    addi a0, zero, 149
    jalr zero, 0(ra)
    addi a0, zero, 149
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 150
    jalr zero, 0(ra)
    addi a0, zero, 151
    jalr zero, 0(ra)
    addi a0, zero, 151
    jalr zero, 0(ra)
    addi a0, zero, 151
    jalr zero, 0(ra)
    addi a0, zero, 151
    jalr zero, 0(ra)
    addi a0, zero, 152
    jalr zero, 0(ra)
    addi a0, zero, 152
    jalr zero, 0(ra)
    addi a0, zero, 153
    jalr zero, 0(ra)
    addi a0, zero, 153
    jalr zero, 0(ra)
    addi a0, zero, 153
    jalr zero, 0(ra)
    addi a0, zero, 153
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 154
    jalr zero, 0(ra)
    addi a0, zero, 155
    jalr zero, 0(ra)
    addi a0, zero, 155
    jalr zero, 0(ra)
    addi a0, zero, 155
    jalr zero, 0(ra)
    addi a0, zero, 155
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 156
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 157
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 158
    jalr zero, 0(ra)
    addi a0, zero, 159
    jalr zero, 0(ra)
    addi a0, zero, 159
    jalr zero, 0(ra)
    addi a0, zero, 159
    jalr zero, 0(ra)
    addi a0, zero, 159
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 160
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 161
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 162
    jalr zero, 0(ra)
    addi a0, zero, 163
    jalr zero, 0(ra)
    addi a0, zero, 163
    jalr zero, 0(ra)
    addi a0, zero, 163
    jalr zero, 0(ra)
    addi a0, zero, 163
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 164
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 165
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 166
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 167
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 168
    jalr zero, 0(ra)
    addi a0, zero, 169
    jalr zero, 0(ra)
    addi a0, zero, 169
    jalr zero, 0(ra)
    addi a0, zero, 169
    jalr zero, 0(ra)
    addi a0, zero, 169
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 170
    jalr zero, 0(ra)
    addi a0, zero, 171
    jalr zero, 0(ra)
    addi a0, zero, 171
    jalr zero, 0(ra)
    addi a0, zero, 172
    jalr zero, 0(ra)
    addi a0, zero, 172
    jalr zero, 0(ra)
    addi a0, zero, 172
    jalr zero, 0(ra)
    .option pop
